import { apiClient, readApiError } from '@campus/shared/api-client';
import { z } from 'zod';

/** GET /wishlist: an array of {productId, product?}; an entry may carry only product.id (spec section 3). */
const entrySchema = z.object({
  productId: z.string().optional(),
  product: z.object({ id: z.string() }).passthrough().nullish(),
});
export const getWishlistResponseSchema = z.union([z.object({ data: z.array(entrySchema) }), z.array(entrySchema)]);

/** The ids of the products in the wishlist; a 401 on read counts as empty (spec section 8). */
export async function getWishlistIds(): Promise<string[]> {
  try {
    const { data } = await apiClient.get<unknown>('/wishlist');
    const parsed = getWishlistResponseSchema.parse(data);
    const entries = Array.isArray(parsed) ? parsed : parsed.data;
    return entries.map((e) => e.productId ?? e.product?.id).filter((id): id is string => typeof id === 'string');
  } catch (error) {
    if (readApiError(error).status === 401) return [];
    throw error;
  }
}
