/**
 * Categories with the spec's rules (sections 4 and 8), on the shared
 * categories query: fresh for 5 minutes; when a fetch fails the last good
 * list is used; with nothing at all, the fallback list Electronics,
 * Clothing, Books, Accessories.
 *
 * The API caller behind the list (axios, zod, the contract) loads on first use,
 * so a screen can show its first results before it.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { CATEGORY_CACHE_MS, FALLBACK_CATEGORIES } from '@campus/shared/constants';
import { getQueryClient } from '@campus/shared/query';
import type { Category } from '@campus/shared/schemas';
import { queryKeys } from '@campus/shared/query-keys';

export type CategoriesSource = 'cache' | 'network' | 'stale' | 'fallback';

export interface LoadedCategories {
  categories: Category[];
  source: CategoriesSource;
}

/** Fallback entries have no server id: the name stands in for it (filters go by name). */
export const FALLBACK_CATEGORY_LIST: Category[] = FALLBACK_CATEGORIES.map((name) => ({ id: name, name }));

/** For code outside React (resolving a category name): the cached list while fresh, else a fetch. */
export async function loadCategories(client: QueryClient = getQueryClient()): Promise<LoadedCategories> {
  const cached = client.getQueryState<Category[]>(queryKeys.categories.all());
  const fresh = cached?.data !== undefined && Date.now() - cached.dataUpdatedAt < CATEGORY_CACHE_MS && !cached.isInvalidated;
  try {
    const { categoriesQuery } = await import('@campus/shared/queries');
    const categories = await client.fetchQuery(categoriesQuery());
    return { categories, source: fresh ? 'cache' : 'network' };
  } catch {
    const stale = client.getQueryData<Category[]>(queryKeys.categories.all());
    return stale ? { categories: stale, source: 'stale' } : { categories: FALLBACK_CATEGORY_LIST, source: 'fallback' };
  }
}

/**
 * The category list for filters; null while the first load runs, or while `enabled` is false (a
 * screen waits for its first results). The shared categories query's key and cache times.
 */
export function useCategories({ enabled = true }: { enabled?: boolean } = {}): LoadedCategories | null {
  const query = useQuery({
    queryKey: queryKeys.categories.all(),
    queryFn: async ({ signal }): Promise<Category[]> => (await import('@campus/shared/queries')).fetchCategories(signal),
    staleTime: CATEGORY_CACHE_MS,
    // Keep the last good list long after it went stale: spec section 4 shows it when a refetch fails.
    gcTime: Infinity,
    enabled,
  });
  if (query.data) return { categories: query.data, source: query.isError ? 'stale' : 'network' };
  if (query.isError) return { categories: FALLBACK_CATEGORY_LIST, source: 'fallback' };
  return null;
}
