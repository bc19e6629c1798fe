import { call } from '@campus/shared/call';
import { cart } from '@campus/shared/endpoints';
import type { Cart } from '@campus/shared/schemas';

/** PATCH /cart/item/update/{itemId}. Answers the new cart. */
export async function updateCartItem(itemId: string, quantity: number): Promise<Cart> {
  return (await call(cart.updateCartItem, { params: { itemId }, body: { quantity } })).data;
}
