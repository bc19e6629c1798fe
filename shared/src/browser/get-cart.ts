import { apiClient, readApiError } from '@campus/shared/api-client';
import type { Cart, CartItem } from '../schemas/entities';
import { expectArray, expectNumber, expectString, isRecord, unwrap, UnexpectedAnswerError } from '@campus/shared/read-answer';

export const EMPTY_CART: Cart = { cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } };

/** The GET /cart answer (spec section 7), checked for the fields cart buttons and badges use. One reader for every app. */
export function readCart(body: unknown): Cart {
  const data = unwrap(body);
  if (!isRecord(data) || !isRecord(data.totals)) throw new UnexpectedAnswerError('cart');
  const sellers = expectArray(data.sellers, 'cart.sellers').map((group) => {
    if (!isRecord(group)) throw new UnexpectedAnswerError('cart group');
    const items = expectArray(group.items, 'cart.items').map((item): CartItem => {
      if (!isRecord(item)) throw new UnexpectedAnswerError('cart item');
      expectString(item.id, 'item.id');
      expectString(item.productId, 'item.productId');
      expectNumber(item.quantity, 'item.quantity');
      return item as unknown as CartItem;
    });
    return { sellerId: expectString(group.sellerId, 'sellerId'), catalogueName: String(group.catalogueName ?? ''), items };
  });
  return {
    cartId: typeof data.cartId === 'string' ? data.cartId : null,
    sellers,
    totals: { totalItems: expectNumber(data.totals.totalItems, 'totals.totalItems'), totalPrice: String(data.totals.totalPrice ?? '0.00') },
  };
}

/** GET /cart; a 401 on read counts as an empty cart (spec section 8). */
export async function getCart(): Promise<Cart> {
  try {
    const { data } = await apiClient.get<unknown>('/cart');
    return readCart(data);
  } catch (error) {
    if (readApiError(error).status === 401) return EMPTY_CART;
    throw error;
  }
}
