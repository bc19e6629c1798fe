import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';
import type { CatalogueSort } from '@campus/shared/constants';
import { call } from '@campus/shared/call';
import { sellers } from '@campus/shared/endpoints';
import type { SellerCatalogue } from '@campus/shared/schemas';

export type { SellerCatalogue };
export type CatalogueProduct = SellerCatalogue['products'][number];

/** What the visitor asked of a store's list; '' means "not asked". */
export interface CatalogueQuery {
  q: string;
  /** A category id. */
  category: string;
  sort: CatalogueSort;
  page: number;
}

/** GET /sellers/{id}/catalogue (spec section 7): the store, its owner and one page of its products. */
export async function getSellerCatalogue(sellerId: string, query: CatalogueQuery, signal?: AbortSignal): Promise<SellerCatalogue> {
  const { q, category, sort, page } = query;
  const asked = { sort, page, ...(q ? { q } : {}), ...(category ? { category } : {}) };
  return (await call(sellers.getSellerCatalogue, { params: { id: sellerId }, query: asked }, { signal })).data;
}

/** The store as asked; it and its header stay on screen while the next page or filter loads. */
export function useSellerCatalogue(sellerId: string, query: CatalogueQuery) {
  return useQuery({
    queryKey: queryKeys.catalogue.page(sellerId, query),
    queryFn: ({ signal }) => getSellerCatalogue(sellerId, query, signal),
    placeholderData: keepPreviousData,
  });
}
