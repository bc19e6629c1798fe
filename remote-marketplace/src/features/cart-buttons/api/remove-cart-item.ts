import { call } from '@campus/shared/call';
import { cart } from '@campus/shared/endpoints';
import type { Cart } from '@campus/shared/schemas';

/** DELETE /cart/item/remove/{itemId}. Answers the new cart. */
export async function removeCartItem(itemId: string): Promise<Cart> {
  return (await call(cart.removeCartItem, { params: { itemId } })).data;
}
