/**
 * The caches of spec section 4, one instance each for the whole remote so
 * every screen and button sees the same data: cart and wishlist 2 minutes
 * (any change empties them), categories 5 minutes.
 */
import { CART_CACHE_MS, CATEGORY_CACHE_MS, WISHLIST_CACHE_MS } from '@campus/shared/constants';
import type { Cart, Category } from '@campus/shared/types';
import { createTtlCache } from './ttl-cache';

export const cartCache = createTtlCache<Cart>(CART_CACHE_MS);
export const wishlistCache = createTtlCache<string[]>(WISHLIST_CACHE_MS);
export const categoriesCache = createTtlCache<Category[]>(CATEGORY_CACHE_MS);

/** Tests start from empty caches. */
export function clearAllCaches(): void {
  cartCache.clear();
  wishlistCache.clear();
  categoriesCache.clear();
}
