import { readApiError } from '@campus/shared/api-client';
import { call } from '@campus/shared/call';
import { wishlist } from '@campus/shared/endpoints';

/** POST /wishlist/add; a 400 saying it is already there counts as success (spec section 8). */
export async function addToWishlist(productId: string): Promise<void> {
  try {
    await call(wishlist.addToWishlist, { body: { productId } });
  } catch (error) {
    const info = readApiError(error);
    if (info.status === 400 && info.serverMessage?.toLowerCase().includes('already in your wishlist')) return;
    throw error;
  }
}
