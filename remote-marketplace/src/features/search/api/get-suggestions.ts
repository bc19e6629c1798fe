/** Suggestions while typing: a few product names for the query; an empty query suggests nothing. */
import type { SearchRecord } from '@campus/shared/types';
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG, highlightedValue } from '../../../lib/highlight';
import { indexNameFor, runSearch } from '../../../lib/search-client';

export const SUGGESTION_COUNT = 6;

export interface Suggestion {
  id: string;
  slug: string;
  name: string;
  /** The name with the service's highlight markers. */
  highlighted: string | undefined;
  categoryName: string;
}

type SuggestionRecord = Pick<SearchRecord, 'productId' | 'slug' | 'name' | 'categoryName'>;

export async function getSuggestions(query: string): Promise<Suggestion[]> {
  const q = query.trim();
  if (!q) return [];
  const response = await runSearch<SuggestionRecord>({
    indexName: indexNameFor('relevance'),
    query: q,
    hitsPerPage: SUGGESTION_COUNT,
    attributesToRetrieve: ['productId', 'slug', 'name', 'categoryName'],
    attributesToHighlight: ['name'],
    highlightPreTag: HIGHLIGHT_PRE_TAG,
    highlightPostTag: HIGHLIGHT_POST_TAG,
  });
  return response.hits.map((hit) => ({
    id: hit.productId ?? hit.objectID,
    slug: hit.slug,
    name: hit.name,
    highlighted: highlightedValue(hit, 'name'),
    categoryName: hit.categoryName,
  }));
}
