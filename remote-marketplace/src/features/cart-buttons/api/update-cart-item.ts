import { apiClient } from '@campus/shared/api-client';
import { z } from 'zod';

/** PATCH /cart/item/update/{itemId} body. */
export const updateCartItemBodySchema = z.object({ quantity: z.number().int().positive() });

export async function updateCartItem(itemId: string, quantity: number): Promise<void> {
  await apiClient.patch(`/cart/item/update/${encodeURIComponent(itemId)}`, updateCartItemBodySchema.parse({ quantity }));
}
