/**
 * Product browsing and search through the search service (spec section 7
 * "Hosted search service"): page size 10, pages 1-based on screen and 0-based
 * in the service, the sort picks the replica index, filters for category,
 * price band and condition; answers { products, pagination } like the spec says.
 */
import { PRICE_BANDS, SEARCH_PAGE_SIZE, type MarketplaceSort, type PriceBandId, type ProductCondition } from '@campus/shared/constants';
import type { Pagination, SearchRecord } from '@campus/shared/types';
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from '../../../lib/highlight';
import { indexNameFor, runSearch } from '../../../lib/search-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';

export type ProductHit = SearchRecord & { _highlightResult?: unknown };

export interface SearchProductsParams {
  query: string;
  /** 1-based, as on screen. */
  page: number;
  sort: MarketplaceSort;
  /** A category name, or '' for all. */
  category: string;
  priceBand: PriceBandId;
  /** New, fairly used or used, or '' for any. */
  condition: ProductCondition | '';
  hitsPerPage?: number;
}

export interface SearchProductsResult {
  products: ProductHit[];
  pagination: Pagination;
  /** The query these results are for (the screen shows it in the empty state). */
  query: string;
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The Algolia `filters` expression for a category, a price band and a condition. */
export function buildFilters(category: string, priceBand: PriceBandId, condition: ProductCondition | '' = ''): string {
  const parts: string[] = [];
  if (category) parts.push(`categoryName:${quote(category)}`);
  const band = PRICE_BANDS.find((b) => b.id === priceBand);
  if (band && 'min' in band) parts.push('max' in band ? `price:${band.min} TO ${band.max}` : `price >= ${band.min}`);
  if (condition) parts.push(`condition:${quote(condition)}`);
  return parts.join(' AND ');
}

export async function searchProducts(params: SearchProductsParams): Promise<SearchProductsResult> {
  const hitsPerPage = params.hitsPerPage ?? SEARCH_PAGE_SIZE;
  const response = await runSearch<SearchRecord>({
    indexName: indexNameFor(params.sort),
    query: params.query,
    page: Math.max(0, params.page - 1),
    hitsPerPage,
    filters: buildFilters(params.category, params.priceBand, params.condition),
    attributesToHighlight: ['name', 'description', 'sellerName'],
    highlightPreTag: HIGHLIGHT_PRE_TAG,
    highlightPostTag: HIGHLIGHT_POST_TAG,
  });
  const totalItems = response.nbHits ?? response.hits.length;
  return {
    products: response.hits as ProductHit[],
    query: params.query,
    pagination: {
      currentPage: (response.page ?? 0) + 1,
      totalPages: response.nbPages ?? Math.ceil(totalItems / hitsPerPage),
      totalItems,
      itemsPerPage: response.hitsPerPage ?? hitsPerPage,
    },
  };
}

/** Results keyed by every search parameter; the previous page stays on screen while the next one loads. */
export function useSearchResults(params: SearchProductsParams) {
  return useQuery({
    queryKey: queryKeys.products.search(params),
    queryFn: () => searchProducts(params),
    placeholderData: keepPreviousData,
  });
}
