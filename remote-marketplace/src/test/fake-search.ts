/** Test-only: a fake search service behind lib/search-client's runSearch. */
import type { SearchRecord } from '@campus/shared/types';
import type { SearchRequest } from '../lib/search-client';
import { SUGGESTION_COUNT } from '../features/search/api/get-suggestions';

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
