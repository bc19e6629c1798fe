import { SEARCH_CATEGORY_HITS } from '@campus/shared/constants';
import type { SearchRecord } from '@campus/shared/types';
import { indexNameFor, runSearch } from '../../../lib/search-client';
import type { CategoryProduct } from './get-category';

/** A search record in the shape the category page lists (price back to the API's 2-decimal string). */
export function recordToCategoryProduct(hit: SearchRecord): CategoryProduct {
  return {
    id: hit.productId || hit.objectID,
    slug: hit.slug,
    name: hit.name,
    description: hit.description,
    price: hit.price.toFixed(2),
    stockQuantity: hit.stockQuantity,
    imageUrls: hit.imageUrls,
    createdAt: new Date(hit.createdAt).toISOString(),
    averageRating: hit.averageRating,
    totalRatings: hit.totalRatings,
    seller: { id: hit.sellerId, catalogueName: hit.sellerName },
  };
}

/** /category/all: every product, from the search service (up to 1000, the spec's category hit limit). */
export async function getAllProducts(): Promise<CategoryProduct[]> {
  const response = await runSearch<SearchRecord>({
    indexName: indexNameFor('relevance'),
    query: '',
    hitsPerPage: SEARCH_CATEGORY_HITS,
    attributesToHighlight: [],
  });
  return response.hits.map(recordToCategoryProduct);
}
