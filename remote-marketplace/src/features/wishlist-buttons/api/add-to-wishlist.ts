import { apiClient, readApiError } from '@campus/shared/api-client';
import type { WishlistAddBody } from '@campus/shared/schemas';

/** POST /wishlist/add; a 400 saying it is already there counts as success (spec section 8). */
export async function addToWishlist(productId: string): Promise<void> {
  try {
    const body: WishlistAddBody = { productId };
    await apiClient.post('/wishlist/add', body);
  } catch (error) {
    const info = readApiError(error);
    if (info.status === 400 && info.serverMessage?.toLowerCase().includes('already in your wishlist')) return;
    throw error;
  }
}
