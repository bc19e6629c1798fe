/** The cart page's changes (spec section 7); each answers the new cart. */
import { call } from '@campus/shared/call';
import { cart } from '@campus/shared/endpoints';
import type { Cart } from '@campus/shared/schemas';

/** PATCH /cart/item/update/{itemId}. */
export async function updateCartItem(itemId: string, quantity: number): Promise<Cart> {
  return (await call(cart.updateCartItem, { params: { itemId }, body: { quantity } })).data;
}

/** DELETE /cart/item/remove/{itemId}. */
export async function removeCartItem(itemId: string): Promise<Cart> {
  return (await call(cart.removeCartItem, { params: { itemId } })).data;
}

/** DELETE /cart/clear. */
export async function clearCart(): Promise<Cart> {
  return (await call(cart.clearCart)).data;
}
