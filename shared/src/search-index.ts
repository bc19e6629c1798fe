/** The search index's sort replicas, shared by the API and the browser's search client (no zod: the browser reads them on the way to the first results). */
import type { MarketplaceSort } from './constants';

/**
 * The search index's sorts: the primary index is relevance, each other sort is
 * a replica `<index>_<suffix>`. The API (built-in engine and Algolia settings)
 * and the browser's algoliasearch client read this one table.
 */
export const INDEX_SORTS = ['relevance', 'newest', 'oldest', 'price_asc', 'price_desc', 'rating'] as const;
export type IndexSort = (typeof INDEX_SORTS)[number];
export type ReplicaSort = Exclude<IndexSort, 'relevance'>;
export const REPLICA_SORTS: readonly ReplicaSort[] = ['newest', 'oldest', 'price_asc', 'price_desc', 'rating'];

/** A screen's sort option -> the index sort that serves it (spec section 9 sort options). */
export const SORT_TO_INDEX: Readonly<Record<MarketplaceSort, IndexSort>> = {
  relevance: 'relevance',
  newest: 'newest',
  oldest: 'oldest',
  'price-low': 'price_asc',
  'price-high': 'price_desc',
  rating: 'rating',
};

export function replicaName(baseIndex: string, sort: ReplicaSort): string {
  return `${baseIndex}_${sort}`;
}

/** The index a sort option reads: the primary index for relevance, else its replica. */
export function indexForSort(baseIndex: string, sort: MarketplaceSort): string {
  const indexSort = SORT_TO_INDEX[sort];
  return indexSort === 'relevance' ? baseIndex : replicaName(baseIndex, indexSort);
}
