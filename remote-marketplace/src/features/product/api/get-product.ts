import { apiClient } from '@campus/shared/api-client';
import { productSchema } from '@campus/shared/schemas';
import { z } from 'zod';

/** GET /products/{slug} (a slug or an id) with the section 3 fields; tolerant of a missing ratings list. */
export const productDetailSchema = productSchema.extend({
  originalPrice: z.string().nullish(),
  ratings: productSchema.shape.ratings.default([]),
  averageRating: z.number().default(0),
  totalRatings: z.number().int().default(0),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const getProductResponseSchema = z.object({ data: productDetailSchema });

export async function getProduct(slugOrId: string, signal?: AbortSignal): Promise<ProductDetail> {
  const { data } = await apiClient.get<unknown>(`/products/${encodeURIComponent(slugOrId)}`, { signal });
  return getProductResponseSchema.parse(data).data;
}
