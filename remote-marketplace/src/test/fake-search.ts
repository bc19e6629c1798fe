/**
 * Test-only: the search service, faked at the algoliasearch client (the network boundary of
 * lib/search-client), so runSearch, the index and filter choice and the answer reading run for real.
 * The search service is not an /api/v1 endpoint, so the API fake (`fakeApi`) does not answer it.
 * test/setup.ts puts `fakeSearchClient` in place of algoliasearch's client for every test file.
 */
import type { SearchRecord } from '@campus/shared/types';
import type { runSearch, SearchRequest } from '../lib/search-client';
import { SUGGESTION_COUNT } from '../features/search/api/get-suggestions';

type FakeSearchService = jest.MockedFunction<typeof runSearch>;

let service: FakeSearchService | null = null;

/** What algoliasearch's `liteClient(...)` gives in tests: each query goes to the file's `fakeSearch()`. */
export const fakeSearchClient = {
  async searchForHits({ requests }: { requests: SearchRequest[] }) {
    const [request] = requests;
    if (!request || requests.length !== 1) throw new Error('The fake search service answers one query at a time');
    if (!service) throw new Error('This test file searches: call fakeSearch() at its top');
    return { results: [await service(request)] };
  },
};

/**
 * Call once at the top of a test file. Each query the app sends (`{ indexName, query, page,
 * filters, ... }`) goes to the returned mock: answer with `mockResolvedValue(searchAnswer(...))`,
 * or `mockRejectedValue(...)` for a service that is down; read what was asked in `mock.calls`.
 */
export function fakeSearch(): FakeSearchService {
  service = jest.fn() as FakeSearchService;
  return service;
}

export function isSuggestionRequest(request: SearchRequest): boolean {
  return request.hitsPerPage === SUGGESTION_COUNT;
}

/** An answer in Algolia's shape for some hits. */
export function searchAnswer(hits: SearchRecord[], opts: { page?: number; nbHits?: number; hitsPerPage?: number } = {}) {
  const hitsPerPage = opts.hitsPerPage ?? 10;
  const nbHits = opts.nbHits ?? hits.length;
  return {
    hits,
    nbHits,
    page: opts.page ?? 0,
    nbPages: Math.ceil(nbHits / hitsPerPage),
    hitsPerPage,
    processingTimeMS: 1,
    query: '',
    params: '',
  };
}
