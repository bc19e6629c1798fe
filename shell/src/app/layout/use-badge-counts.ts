/**
 * Cart and wishlist badge counts. Remotes announce changes on the event bus;
 * the last announced value seeds the first render; when signed in the shell
 * also asks the API once, ignoring failures (the cart/wishlist APIs may not
 * exist yet, and a missing count must never break the navbar).
 * The API client is imported on demand, after mount: axios stays off the
 * landing page's first-render path.
 */
import { useEffect, useRef, useState } from 'react';
import { eventBus } from '@campus/shared/event-bus';

export interface BadgeCounts {
  cart: number;
  wishlist: number;
}

interface CartAnswer {
  data?: { totals?: { totalItems?: unknown } };
}

interface WishlistAnswer {
  data?: unknown;
}

function readCartCount(body: CartAnswer): number | null {
  const n = body.data?.totals?.totalItems;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function readWishlistCount(body: WishlistAnswer): number | null {
  return Array.isArray(body.data) ? body.data.length : null;
}

export function useBadgeCounts(signedIn: boolean): BadgeCounts {
  const [cart, setCart] = useState(() => eventBus.lastPayload('cart:count-changed')?.count ?? 0);
  const [wishlist, setWishlist] = useState(() => eventBus.lastPayload('wishlist:count-changed')?.count ?? 0);
  // Bumped on every bus event, so a slow fetch never overwrites a newer announced count.
  const cartVersion = useRef(0);
  const wishlistVersion = useRef(0);

  useEffect(() => {
    const offCart = eventBus.on('cart:count-changed', ({ count }) => {
      cartVersion.current += 1;
      setCart(count);
    });
    const offWishlist = eventBus.on('wishlist:count-changed', ({ count }) => {
      wishlistVersion.current += 1;
      setWishlist(count);
    });
    return () => {
      offCart();
      offWishlist();
    };
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    const cartAt = cartVersion.current;
    const wishlistAt = wishlistVersion.current;
    import('@campus/shared/api-client')
      .then(({ apiClient }) => {
        if (!active) return;
        apiClient
          .get<CartAnswer>('/cart')
          .then(({ data }) => {
            const n = readCartCount(data);
            if (active && n !== null && cartVersion.current === cartAt) setCart(n);
          })
          .catch(() => undefined);
        apiClient
          .get<WishlistAnswer>('/wishlist')
          .then(({ data }) => {
            const n = readWishlistCount(data);
            if (active && n !== null && wishlistVersion.current === wishlistAt) setWishlist(n);
          })
          .catch(() => undefined);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [signedIn]);

  // A new session starts from zero until its own counts arrive; signed out there are none.
  useEffect(() => {
    setCart(eventBus.lastPayload('cart:count-changed')?.count ?? 0);
    setWishlist(eventBus.lastPayload('wishlist:count-changed')?.count ?? 0);
  }, [signedIn]);

  return signedIn ? { cart, wishlist } : { cart: 0, wishlist: 0 };
}
