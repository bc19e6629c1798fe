import { apiClient } from '@campus/shared/api-client';
import { z } from 'zod';

/** POST /cart/add body (spec section 7): cartId omitted when there is none. */
export const addToCartBodySchema = z.object({
  items: z.array(z.object({ productId: z.string(), quantity: z.number().int().positive() })).min(1),
  cartId: z.string().optional(),
});
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

export async function addToCart(productId: string, quantity: number, cartId?: string | null): Promise<void> {
  const body: AddToCartBody = { items: [{ productId, quantity }] };
  if (cartId) body.cartId = cartId;
  await apiClient.post('/cart/add', addToCartBodySchema.parse(body));
}
