/**
 * /category/{categoryId}: the segment may be an id, a category name in any
 * case, or 'all' (spec section 2). Resolves to a title and a product list.
 */
import { readApiError } from '@campus/shared/api-client';
import { getAllProducts } from './get-all-products';
import { getCategory, type CategoryProduct } from './get-category';
import { loadCategories } from './categories';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';

export interface ResolvedCategory {
  id: string;
  name: string;
  products: CategoryProduct[];
}

export class CategoryNotFoundError extends Error {
  constructor(readonly segment: string) {
    super(`Category '${segment}' not found`);
  }
}

export async function resolveCategory(segment: string, signal?: AbortSignal): Promise<ResolvedCategory> {
  const wanted = segment.trim();
  if (wanted.toLowerCase() === 'all') return { id: 'all', name: 'All Products', products: await getAllProducts() };

  const { categories } = await loadCategories();
  const byName = categories.find((c) => c.name.toLowerCase() === wanted.toLowerCase());
  const id = byName?.id ?? wanted;
  try {
    const category = await getCategory(id, signal);
    return { id: category.id, name: category.name, products: category.products };
  } catch (error) {
    // 400 too: a segment that is neither a known name nor a well-formed id.
    const status = readApiError(error).status;
    if (status === 404 || status === 400) throw new CategoryNotFoundError(wanted);
    throw error;
  }
}

export function useCategoryPage(categoryId: string) {
  return useQuery({ queryKey: queryKeys.categories.detail(categoryId), queryFn: ({ signal }) => resolveCategory(categoryId, signal) });
}
