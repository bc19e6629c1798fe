import { apiClient } from '@campus/shared/api-client';
import type { CartAddBody } from '@campus/shared/schemas';

/** POST /cart/add (spec section 7): cartId omitted when there is none. Body shape: the API's cartAddBodySchema. */
export async function addToCart(productId: string, quantity: number, cartId?: string | null): Promise<void> {
  const body: CartAddBody = { items: [{ productId, quantity }] };
  if (cartId) body.cartId = cartId;
  await apiClient.post('/cart/add', body);
}
