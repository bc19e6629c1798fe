import { apiClient } from '@campus/shared/api-client';
import type { CartItemUpdateBody } from '@campus/shared/schemas';

/** PATCH /cart/item/update/{itemId} (body: the API's cartItemUpdateBodySchema). */
export async function updateCartItem(itemId: string, quantity: number): Promise<void> {
  const body: CartItemUpdateBody = { quantity };
  await apiClient.patch(`/cart/item/update/${encodeURIComponent(itemId)}`, body);
}
