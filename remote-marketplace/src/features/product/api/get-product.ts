import { apiClient } from '@campus/shared/api-client';
import { envelope } from '@campus/shared/http';
import { productSchema, type Product } from '@campus/shared/schemas';

/** GET /products/{slug} (a slug or an id): the section 3 fields, in the shared wire schema the API answers with. */
export type ProductDetail = Product;

const getProductResponseSchema = envelope(productSchema);

export async function getProduct(slugOrId: string, signal?: AbortSignal): Promise<ProductDetail> {
  const { data } = await apiClient.get<unknown>(`/products/${encodeURIComponent(slugOrId)}`, { signal });
  return getProductResponseSchema.parse(data).data;
}
