import { call } from '@campus/shared/call';
import { cart } from '@campus/shared/endpoints';
import type { Cart } from '@campus/shared/schemas';

/** POST /cart/add (spec section 7): cartId omitted when there is none. Answers the new cart. */
export async function addToCart(productId: string, quantity: number, cartId?: string | null): Promise<Cart> {
  const body = cartId ? { items: [{ productId, quantity }], cartId } : { items: [{ productId, quantity }] };
  return (await call(cart.addToCart, { body })).data;
}
