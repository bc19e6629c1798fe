import { readApiError } from '@campus/shared/api-client';
import { call } from '@campus/shared/call';
import { wishlist } from '@campus/shared/endpoints';

/** DELETE /wishlist/remove/{productId}; a 400 saying it is not there counts as success (spec section 8). */
export async function removeFromWishlist(productId: string): Promise<void> {
  try {
    await call(wishlist.removeFromWishlist, { params: { productId } });
  } catch (error) {
    const info = readApiError(error);
    if (info.status === 400 && info.serverMessage?.toLowerCase().includes('not in your wishlist')) return;
    throw error;
  }
}
