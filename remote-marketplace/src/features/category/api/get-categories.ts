import { apiClient } from '@campus/shared/api-client';
import { categorySchema } from '@campus/shared/schemas';
import type { Category } from '@campus/shared/types';
import { z } from 'zod';

/** GET /categories/only: the answer is read from `data` or a bare list (spec section 7). */
export const getCategoriesResponseSchema = z.union([
  z.object({ data: z.array(categorySchema) }),
  z.array(categorySchema),
]);

export async function getCategories(): Promise<Category[]> {
  const { data } = await apiClient.get<unknown>('/categories/only');
  const parsed = getCategoriesResponseSchema.parse(data);
  return Array.isArray(parsed) ? parsed : parsed.data;
}
