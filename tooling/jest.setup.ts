import '@testing-library/jest-dom';

// Screen tests that type and wait can pass 5 s on a loaded 2-core CI machine; a real hang still fails.
// (Set here, not as `testTimeout` in the preset: Jest reads that option only from the root config,
// so under the root's `projects` it was silently 5 s, the same as findBy's wait, and a missing
// element surfaced as a bare timeout instead of the query's own message.)
jest.setTimeout(20_000);
