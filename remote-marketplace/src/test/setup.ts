/** remote-marketplace's test setup (after the shared preset's; jsdom's missing web APIs are in tooling/jest.polyfills.cjs). */
import type * as FakeSearchModule from './fake-search';

// The search service is faked at algoliasearch's client, for every file (test/fake-search.ts);
// the client is made on the first search, so the fake is required then (no import cycle).
jest.mock('algoliasearch/lite', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  liteClient: () => (require('./fake-search') as typeof FakeSearchModule).fakeSearchClient,
}));
