/**
 * Categories with the spec's rules (sections 4 and 8): cached 5 minutes; when
 * the fetch fails a stale cache is used; with nothing at all, the fallback
 * list Electronics, Clothing, Books, Accessories.
 */
import { FALLBACK_CATEGORIES } from '@campus/shared/constants';
import type { Category } from '@campus/shared/types';
import { useEffect, useState } from 'react';
import { categoriesCache } from '../../../lib/caches';
import { getCategories } from '../../category/api/get-categories';

export type CategoriesSource = 'cache' | 'network' | 'stale' | 'fallback';

export interface LoadedCategories {
  categories: Category[];
  source: CategoriesSource;
}

/** Fallback entries have no server id: the name stands in for it (filters go by name). */
export const FALLBACK_CATEGORY_LIST: Category[] = FALLBACK_CATEGORIES.map((name) => ({ id: name, name }));

let inflight: Promise<LoadedCategories> | null = null;

export function loadCategories(): Promise<LoadedCategories> {
  const fresh = categoriesCache.get();
  if (fresh) return Promise.resolve({ categories: fresh, source: 'cache' });
  inflight ??= getCategories()
    .then((categories): LoadedCategories => {
      categoriesCache.set(categories);
      return { categories, source: 'network' };
    })
    .catch((): LoadedCategories => {
      const stale = categoriesCache.getStale();
      return stale ? { categories: stale, source: 'stale' } : { categories: FALLBACK_CATEGORY_LIST, source: 'fallback' };
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** The category list for filters; null while the first load runs. */
export function useCategories(): LoadedCategories | null {
  const [state, setState] = useState<LoadedCategories | null>(() => {
    const fresh = categoriesCache.get();
    return fresh ? { categories: fresh, source: 'cache' } : null;
  });
  useEffect(() => {
    let live = true;
    void loadCategories().then((loaded) => {
      if (live) setState(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
