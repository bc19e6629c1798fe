/**
 * The one place that talks to the search service, through the real
 * algoliasearch v5 lite client (search only, so the bundle stays small).
 * With `hosts` in the runtime configuration the same client talks to the
 * API's built-in Algolia-compatible endpoint instead of Algolia.
 * Tests fake the client itself (src/test/fake-search.ts), so this module runs for real.
 */
import type { MarketplaceSort } from '@campus/shared/constants';
import { indexForSort } from '@campus/shared/search-index';
import { getRuntimeConfig } from '@campus/shared/runtime-config';
import { liteClient } from 'algoliasearch/lite';
import type { SearchParamsObject, SearchResponse } from 'algoliasearch/lite';

export type { SearchResponse };

export type SearchSort = MarketplaceSort;

/** The index (or sort replica) a sort option reads: the one table the API creates the replicas from. */
export function indexNameFor(sort: SearchSort, baseIndex = getRuntimeConfig().search.indexName): string {
  return indexForSort(baseIndex, sort);
}

type Client = ReturnType<typeof liteClient>;
let client: { key: string; value: Client } | null = null;

function getClient(): Client {
  const { appId, apiKey, hosts } = getRuntimeConfig().search;
  const key = JSON.stringify([appId, apiKey, hosts]);
  if (client?.key !== key) {
    const options = hosts?.length
      ? { hosts: hosts.map((h) => ({ url: h.url, protocol: h.protocol, accept: 'readWrite' as const })) }
      : undefined;
    client = { key, value: liteClient(appId, apiKey, options) };
  }
  return client.value;
}

export interface SearchRequest extends SearchParamsObject {
  indexName: string;
}

/** One query against one index; hits typed as T. */
export async function runSearch<T>(request: SearchRequest): Promise<SearchResponse<T>> {
  const { indexName, ...params } = request;
  const { results } = await getClient().searchForHits<T>({ requests: [{ indexName, ...params }] });
  const first = results[0];
  if (!first) throw new Error('The search service returned no result');
  return first;
}
