/**
 * The cart as the marketplace buttons see it: one store for every button on
 * the page, read through the 2-minute cart cache, emptied by any change.
 * Every new count goes to the shell's navbar badge through the event bus.
 */
import { readApiError } from '@campus/shared/api-client';
import { eventBus } from '@campus/shared/event-bus';
import { MESSAGES } from '@campus/shared/messages';
import type { Cart, CartItem } from '@campus/shared/types';
import { createStore, useStore } from 'zustand';
import { cartCache } from '../../../lib/caches';
import { addToCart } from '../../cart-buttons/api/add-to-cart';
import { getCart } from '@campus/shared/get-cart';
import { removeCartItem } from '../../cart-buttons/api/remove-cart-item';
import { updateCartItem } from '../../cart-buttons/api/update-cart-item';

export const UPDATE_FAILED = 'Could not update your cart. Please try again.';

export interface CartState {
  cart: Cart | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** productId -> a change is on its way (buttons disabled). */
  pending: Record<string, boolean>;
  /** productId -> the last error text for that product. */
  errors: Record<string, string>;
  ensureLoaded: () => Promise<void>;
  add: (productId: string) => Promise<void>;
  setQuantity: (productId: string, quantity: number) => Promise<void>;
  reset: () => void;
}

export function findItem(cart: Cart | null, productId: string): CartItem | undefined {
  for (const group of cart?.sellers ?? []) {
    const item = group.items.find((i) => i.productId === productId);
    if (item) return item;
  }
  return undefined;
}

let inflight: Promise<void> | null = null;

export const cartStore = createStore<CartState>()((set, get) => {
  const publish = (cart: Cart) => {
    cartCache.set(cart);
    set({ cart, status: 'ready' });
    eventBus.emit('cart:count-changed', { count: cart.totals.totalItems });
  };

  /** Network read (the cache was empty, expired, or just emptied by a change). */
  const fetchCart = async () => {
    inflight ??= getCart()
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

  /** Runs one change: buttons disabled meanwhile, cache emptied, fresh cart read. */
  const change = async (productId: string, run: () => Promise<void>, failure: (e: unknown) => string) => {
    if (get().pending[productId]) return;
    mark(productId, true);
    try {
      await run();
      cartCache.clear();
      await fetchCart();
      mark(productId, false);
    } catch (error) {
      cartCache.clear();
      mark(productId, false, failure(error));
    }
  };

  return {
    cart: null,
    status: 'idle',
    pending: {},
    errors: {},

    ensureLoaded: async () => {
      const cached = cartCache.get();
      if (cached) {
        if (get().cart !== cached) set({ cart: cached, status: 'ready' });
        return;
      }
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        await fetchCart();
      } catch {
        set({ status: 'error' });
      }
    },

    add: (productId) =>
      change(productId, () => addToCart(productId, 1, get().cart?.cartId), () => MESSAGES.cart.addFailed),

    setQuantity: (productId, quantity) => {
      const item = findItem(get().cart, productId);
      if (!item) return Promise.resolve();
      // Spec section 4: decreasing from 1 removes the item.
      const run = quantity < 1 ? () => removeCartItem(item.id) : () => updateCartItem(item.id, quantity);
      return change(productId, run, (e) => readApiError(e).serverMessage ?? UPDATE_FAILED);
    },

    reset: () => {
      inflight = null;
      set({ cart: null, status: 'idle', pending: {}, errors: {} });
    },
  };
});

// Another remote (the cart page) changed the cart: our cached copy is out of date.
eventBus.on('cart:count-changed', ({ count }) => {
  const { cart } = cartStore.getState();
  if (cart && cart.totals.totalItems !== count) {
    cartCache.clear();
    cartStore.setState({ status: 'idle' });
  }
});

// The session changed hands (here or in another tab): nothing of the previous student's may be
// shown or sent (their item ids, their cartId). Signed out there is nothing to read (reading
// would only meet the 401 again); a new student's data is read afresh.
eventBus.on('session:signed-out', () => {
  cartCache.clear();
  cartStore.setState({ cart: null, status: 'ready', pending: {}, errors: {} });
});
eventBus.on('session:signed-in', () => {
  cartCache.clear();
  cartStore.getState().reset();
});

export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}
