import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';
import { call } from '@campus/shared/call';
import { products } from '@campus/shared/endpoints';
import type { Product } from '@campus/shared/schemas';

/** GET /products/{slug} (a slug or an id): the section 3 fields. */
export type ProductDetail = Product;

export async function getProduct(slugOrId: string, signal?: AbortSignal): Promise<ProductDetail> {
  return (await call(products.getProduct, { params: { slug: slugOrId } }, { signal })).data;
}

export function useProduct(slugOrId: string) {
  return useQuery({ queryKey: queryKeys.products.detail(slugOrId), queryFn: ({ signal }) => getProduct(slugOrId, signal) });
}
