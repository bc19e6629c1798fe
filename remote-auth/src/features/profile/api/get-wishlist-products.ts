import { apiClient, readApiError } from '@campus/shared/api-client';
import { envelope } from '@campus/shared/http';
import { wishlistEntrySchema, type Product } from '@campus/shared/schemas';
import { z } from 'zod';

const getWishlistResponseSchema = envelope(z.array(wishlistEntrySchema));

/** GET /wishlist with its products, for the profile's Wishlist tab. A 401 on read counts as empty (spec section 8). */
export async function getWishlistProducts(): Promise<Product[]> {
  try {
    const { data } = await apiClient.get<unknown>('/wishlist');
    return getWishlistResponseSchema
      .parse(data)
      .data.flatMap((entry) => (entry.product ? [entry.product] : []));
  } catch (error) {
    if (readApiError(error).status === 401) return [];
    throw error;
  }
}
