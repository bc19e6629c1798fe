import { configure } from '@testing-library/react';
import { clearAllCaches } from '../lib/caches';
import { cartStore } from '../features/cart-buttons/hooks/cart-store';
import { wishlistStore } from '../features/wishlist-buttons/hooks/wishlist-store';

/** Every test starts with empty caches and stores (they are module singletons, like in the browser). */
export function resetMarketplaceState(): void {
  clearAllCaches();
  cartStore.getState().reset();
  wishlistStore.getState().reset();
}

// Two shared cores run several test suites and builds at once: give async queries room.
configure({ asyncUtilTimeout: 5000 });
// jsdom does not implement scrolling; the screens scroll to the top on navigation.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
