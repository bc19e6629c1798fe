/** Health and search settings; and the search index's sort replicas, shared by the API and the browser's search client. */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import type { MarketplaceSort } from '../constants';
import { envelope } from '../http';
import { searchClientConfigSchema } from '../schemas/catalogue';
import { defineEndpoint } from './define';

export const healthSchema = lazySchema(() =>
  z.object({
    status: z.literal('ok'),
    database: z.object({ reachable: z.literal(true), driver: z.enum(['pglite', 'postgres']) }),
    time: z.string(),
    /** About the money as a whole, when a person should look (amounts in the API's log only): paystack-balance-differs, platform-fees-below-zero. */
    alerts: z.array(z.string()).optional(),
  }),
);

export const health = defineEndpoint({
  name: 'platform.health',
  method: 'GET',
  path: '/health',
  access: 'public',
  summary: 'Liveness and database reachability',
  response: lazySchema(() => envelope(healthSchema)),
  errors: [503],
});

export const getSearchConfig = defineEndpoint({
  name: 'platform.searchConfig',
  method: 'GET',
  path: '/search/config',
  access: 'public',
  summary: 'Search client settings for the browser (a search-only key)',
  response: lazySchema(() => envelope(searchClientConfigSchema)),
  errors: [],
});

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
