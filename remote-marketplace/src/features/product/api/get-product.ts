import { call } from '@campus/shared/call';
import { products } from '@campus/shared/endpoints';
import type { Product } from '@campus/shared/schemas';

/** GET /products/{slug} (a slug or an id): the section 3 fields. */
export type ProductDetail = Product;

export async function getProduct(slugOrId: string, signal?: AbortSignal): Promise<ProductDetail> {
  return (await call(products.getProduct, { params: { slug: slugOrId } }, { signal })).data;
}
