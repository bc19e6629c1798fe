import { apiClient, readApiError } from '@campus/shared/api-client';
import { z } from 'zod';

export const addToWishlistBodySchema = z.object({ productId: z.string().min(1) });

/** POST /wishlist/add; a 400 saying it is already there counts as success (spec section 8). */
export async function addToWishlist(productId: string): Promise<void> {
  try {
    await apiClient.post('/wishlist/add', addToWishlistBodySchema.parse({ productId }));
  } catch (error) {
    const info = readApiError(error);
    if (info.status === 400 && info.serverMessage?.toLowerCase().includes('already in your wishlist')) return;
    throw error;
  }
}
