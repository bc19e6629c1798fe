/** Health and search settings; and the search index's sort replicas, shared by the API and the browser's search client. */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
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

// The search index's sorts live without zod (the browser's search client reads them before any contract loads).
export { INDEX_SORTS, REPLICA_SORTS, SORT_TO_INDEX, indexForSort, replicaName, type IndexSort, type ReplicaSort } from '../search-index';
