/**
 * The wishlist as the hearts see it: one store, read through the 2-minute
 * wishlist cache, emptied by any change; counts go to the navbar badge.
 */
import { readApiError } from '@campus/shared/api-client';
import { eventBus } from '@campus/shared/event-bus';
import { createStore, useStore } from 'zustand';
import { wishlistCache } from '../../../lib/caches';
import { addToWishlist } from '../../wishlist-buttons/api/add-to-wishlist';
import { getWishlistIds } from '@campus/shared/get-wishlist';
import { removeFromWishlist } from '../../wishlist-buttons/api/remove-from-wishlist';

export const WISHLIST_UPDATE_FAILED = 'Could not update your wishlist. Please try again.';

export interface WishlistState {
  ids: string[] | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  pending: Record<string, boolean>;
  errors: Record<string, string>;
  ensureLoaded: () => Promise<void>;
  /** Adds if absent, else removes (spec section 4). */
  toggle: (productId: string) => Promise<void>;
  reset: () => void;
}

let inflight: Promise<void> | null = null;

export const wishlistStore = createStore<WishlistState>()((set, get) => {
  const publish = (ids: string[]) => {
    wishlistCache.set(ids);
    set({ ids, status: 'ready' });
    eventBus.emit('wishlist:count-changed', { count: ids.length });
  };

  const fetchIds = () => {
    inflight ??= getWishlistIds()
      .then(publish)
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };

  const mark = (productId: string, pending: boolean, error?: string) =>
    set((s) => {
      const errors = { ...s.errors };
      if (error) errors[productId] = error;
      else delete errors[productId];
      return { pending: { ...s.pending, [productId]: pending }, errors };
    });

  return {
    ids: null,
    status: 'idle',
    pending: {},
    errors: {},

    ensureLoaded: async () => {
      const cached = wishlistCache.get();
      if (cached) {
        if (get().ids !== cached) set({ ids: cached, status: 'ready' });
        return;
      }
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        await fetchIds();
      } catch {
        set({ status: 'error' });
      }
    },

    toggle: async (productId) => {
      if (get().pending[productId]) return;
      const present = get().ids?.includes(productId) ?? false;
      mark(productId, true);
      try {
        await (present ? removeFromWishlist(productId) : addToWishlist(productId));
        // Any change empties the cache (the next screen reads again), but this
        // one shows the change at once, without waiting for another read.
        wishlistCache.clear();
        const current = get().ids ?? [];
        const ids = present ? current.filter((id) => id !== productId) : [...current, productId];
        set({ ids, status: 'ready' });
        eventBus.emit('wishlist:count-changed', { count: ids.length });
        mark(productId, false);
      } catch (error) {
        wishlistCache.clear();
        mark(productId, false, readApiError(error).serverMessage ?? WISHLIST_UPDATE_FAILED);
      }
    },

    reset: () => {
      inflight = null;
      set({ ids: null, status: 'idle', pending: {}, errors: {} });
    },
  };
});

// Another remote (the wishlist page) changed the wishlist: our cached copy is out of date.
eventBus.on('wishlist:count-changed', ({ count }) => {
  const { ids } = wishlistStore.getState();
  if (ids && ids.length !== count) {
    wishlistCache.clear();
    wishlistStore.setState({ status: 'idle' });
  }
});

// The session changed hands (here or in another tab): nothing of the previous student's may be
// shown or sent (their item ids, their cartId). Signed out there is nothing to read (reading
// would only meet the 401 again); a new student's data is read afresh.
eventBus.on('session:signed-out', () => {
  wishlistCache.clear();
  wishlistStore.setState({ ids: [], status: 'ready', pending: {}, errors: {} });
});
eventBus.on('session:signed-in', () => {
  wishlistCache.clear();
  wishlistStore.getState().reset();
});

export function useWishlist<T>(selector: (state: WishlistState) => T): T {
  return useStore(wishlistStore, selector);
}
