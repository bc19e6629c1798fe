import { call } from '@campus/shared/call';
import { categories } from '@campus/shared/endpoints';
import type { CategoryWithProducts, Product } from '@campus/shared/schemas';

export type { CategoryWithProducts };
/**
 * What a card on the category and catalogue pages needs: an API product, or a
 * search record mapped back (/category/all lists from the search service).
 */
export type CategoryProduct = Pick<
  Product,
  'id' | 'slug' | 'name' | 'description' | 'price' | 'stockQuantity' | 'imageUrls' | 'createdAt' | 'averageRating' | 'totalRatings'
> &
  Partial<Pick<Product, 'seller' | 'category' | 'originalPrice' | 'condition'>>;

/** GET /categories/{id}: a category with its products. */
export async function getCategory(id: string, signal?: AbortSignal): Promise<CategoryWithProducts> {
  return (await call(categories.getCategory, { params: { id } }, { signal })).data;
}
