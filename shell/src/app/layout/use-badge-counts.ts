/**
 * Cart and wishlist badge counts. Remotes announce changes on the event bus;
 * the last announced value seeds the first render; when signed in the shell
 * also asks the API once, ignoring failures (a missing count must never break
 * the navbar).
 * The cart and wishlist readers (and with them axios) are imported on demand,
 * after mount: they stay off the landing page's first-render path.
 */
import { useEffect, useRef, useState } from 'react';
import { eventBus } from '@campus/shared/event-bus';

export interface BadgeCounts {
  cart: number;
  wishlist: number;
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
    // The shared readers (the same the marketplace uses), loaded after mount to keep axios off first render.
    import('@campus/shared/get-cart')
      .then(({ getCart }) => getCart())
      .then((cart) => {
        if (active && cartVersion.current === cartAt) setCart(cart.totals.totalItems);
      })
      .catch(() => undefined);
    import('@campus/shared/get-wishlist')
      .then(({ getWishlistIds }) => getWishlistIds())
      .then((ids) => {
        if (active && wishlistVersion.current === wishlistAt) setWishlist(ids.length);
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
