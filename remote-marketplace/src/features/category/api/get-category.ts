import { apiClient } from '@campus/shared/api-client';
import { envelope } from '@campus/shared/http';
import { categoryWithProductsSchema, type CategoryWithProducts, type Product } from '@campus/shared/schemas';

export type { CategoryWithProducts };
/**
 * What a card on the category and catalogue pages needs: an API product, or a
 * search record mapped back (/category/all lists from the search service).
 */
export type CategoryProduct = Pick<
  Product,
  'id' | 'slug' | 'name' | 'description' | 'price' | 'stockQuantity' | 'imageUrls' | 'createdAt' | 'averageRating' | 'totalRatings'
> &
  Partial<Pick<Product, 'seller' | 'category' | 'originalPrice'>>;

/** GET /categories/{id}: a category with its products (shared wire schema). */
const getCategoryResponseSchema = envelope(categoryWithProductsSchema);

export async function getCategory(id: string, signal?: AbortSignal): Promise<CategoryWithProducts> {
  const { data } = await apiClient.get<unknown>(`/categories/${encodeURIComponent(id)}`, { signal });
  return getCategoryResponseSchema.parse(data).data;
}
