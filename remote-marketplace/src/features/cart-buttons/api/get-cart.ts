import { apiClient, readApiError } from '@campus/shared/api-client';
import { envelope } from '@campus/shared/http';
import { cartSchema } from '@campus/shared/schemas';
import type { Cart } from '@campus/shared/types';

/** GET /cart answer (spec section 7). */
export const getCartResponseSchema = envelope(cartSchema);

export const EMPTY_CART: Cart = { cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } };

/** GET /cart; a 401 on read counts as an empty cart (spec section 8). */
export async function getCart(): Promise<Cart> {
  try {
    const { data } = await apiClient.get<unknown>('/cart');
    return getCartResponseSchema.parse(data).data;
  } catch (error) {
    if (readApiError(error).status === 401) return EMPTY_CART;
    throw error;
  }
}
