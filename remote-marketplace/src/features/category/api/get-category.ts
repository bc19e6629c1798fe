import { apiClient } from '@campus/shared/api-client';
import { z } from 'zod';

/** A product as a category lists it: the card fields, the rest optional. */
export const categoryProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().optional(),
  price: z.string(),
  originalPrice: z.string().nullish(),
  stockQuantity: z.number().int(),
  imageUrls: z.array(z.string()).default([]),
  createdAt: z.string(),
  averageRating: z.number().optional(),
  totalRatings: z.number().int().optional(),
  seller: z.object({ id: z.string(), catalogueName: z.string() }).nullish(),
});
export type CategoryProduct = z.infer<typeof categoryProductSchema>;

export const categoryWithProductsSchema = z.object({
  id: z.string(),
  name: z.string(),
  products: z.array(categoryProductSchema).default([]),
});
export type CategoryWithProducts = z.infer<typeof categoryWithProductsSchema>;

/** GET /categories/{id}: a category with its products. */
export const getCategoryResponseSchema = z.object({ data: categoryWithProductsSchema });

export async function getCategory(id: string, signal?: AbortSignal): Promise<CategoryWithProducts> {
  const { data } = await apiClient.get<unknown>(`/categories/${encodeURIComponent(id)}`, { signal });
  return getCategoryResponseSchema.parse(data).data;
}
