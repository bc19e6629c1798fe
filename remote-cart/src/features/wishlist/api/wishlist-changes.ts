import { readApiError } from '@campus/shared/api-client';
import { call } from '@campus/shared/call';
import { cart, wishlist } from '@campus/shared/endpoints';
import type { Cart } from '@campus/shared/schemas';

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

/** POST /cart/add with one unit (spec section 7: cartId omitted when there is none). Answers the new cart. */
export async function addOneToCart(productId: string, cartId: string | null | undefined): Promise<Cart> {
  const items = [{ productId, quantity: 1 }];
  return (await call(cart.addToCart, { body: cartId ? { items, cartId } : { items } })).data;
}
