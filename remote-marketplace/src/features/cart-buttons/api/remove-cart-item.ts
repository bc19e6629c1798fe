import { apiClient } from '@campus/shared/api-client';

/** DELETE /cart/item/remove/{itemId} */
export async function removeCartItem(itemId: string): Promise<void> {
  await apiClient.delete(`/cart/item/remove/${encodeURIComponent(itemId)}`);
}
