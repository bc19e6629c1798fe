import { call } from '@campus/shared/call';
import { cart } from '@campus/shared/endpoints';
import type { Cart } from '@campus/shared/schemas';

/** DELETE /wishlist/remove/{productId}, with the spec's rule for an entry already gone (@campus/shared/queries). */
export { removeFromWishlist } from '@campus/shared/queries';

/** POST /cart/add with one unit (spec section 7: cartId omitted when there is none). Answers the new cart. */
export async function addOneToCart(productId: string, cartId: string | null | undefined): Promise<Cart> {
  const items = [{ productId, quantity: 1 }];
  return (await call(cart.addToCart, { body: cartId ? { items, cartId } : { items } })).data;
}
