import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Two shared cores run several test suites and builds at once: give async queries (findBy,
// waitFor) 5 s instead of 1 s, in every project. A lazily loaded route's first import alone
// took over a second on a loaded CI machine.
configure({ asyncUtilTimeout: 5000 });

// Screen tests that type and wait can pass 5 s on a loaded 2-core CI machine; a real hang still fails.
// (Set here, not as `testTimeout` in the preset: Jest reads that option only from the root config,
// so under the root's `projects` it was silently 5 s, the same as findBy's wait, and a missing
// element surfaced as a bare timeout instead of the query's own message.)
jest.setTimeout(20_000);
