import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';
import type { Product } from '@campus/shared/schemas';

/** GET /products/{slug} (a slug or an id): the section 3 fields. */
export type ProductDetail = Product;

/**
 * The API caller (axios, zod, the contract) loads on the first fetch: a product page sent with
 * its product drawn starts from that data, and hydrates without those bytes.
 */
export async function getProduct(slugOrId: string, signal?: AbortSignal): Promise<ProductDetail> {
  const [{ call }, { products }] = await Promise.all([import('@campus/shared/call'), import('@campus/shared/endpoints')]);
  return (await call(products.getProduct, { params: { slug: slugOrId } }, { signal })).data;
}

export function useProduct(slugOrId: string) {
  return useQuery({ queryKey: queryKeys.products.detail(slugOrId), queryFn: ({ signal }) => getProduct(slugOrId, signal) });
}
