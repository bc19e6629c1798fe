import { apiClient, readApiError } from '@campus/shared/api-client';

/** DELETE /wishlist/remove/{productId}; a 400 saying it is not there counts as success (spec section 8). */
export async function removeFromWishlist(productId: string): Promise<void> {
  try {
    await apiClient.delete(`/wishlist/remove/${encodeURIComponent(productId)}`);
  } catch (error) {
    const info = readApiError(error);
    if (info.status === 400 && info.serverMessage?.toLowerCase().includes('not in your wishlist')) return;
    throw error;
  }
}
