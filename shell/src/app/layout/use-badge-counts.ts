/**
 * Cart and wishlist badge counts. When signed in they follow the cart and
 * wishlist queries (badge-queries.ts, loaded after mount so the landing page
 * stays light); until those answer, the last count announced on the event
 * bus seeds them. Signed out there are none.
 */
import { useEffect, useState } from 'react';
import { eventBus } from '@campus/shared/event-bus';

export interface BadgeCounts {
  cart: number;
  wishlist: number;
}

export function useBadgeCounts(signedIn: boolean): BadgeCounts {
  const [cart, setCart] = useState(() => eventBus.lastPayload('cart:count-changed')?.count ?? 0);
  const [wishlist, setWishlist] = useState(() => eventBus.lastPayload('wishlist:count-changed')?.count ?? 0);

  useEffect(() => {
    const offCart = eventBus.on('cart:count-changed', ({ count }) => setCart(count));
    const offWishlist = eventBus.on('wishlist:count-changed', ({ count }) => setWishlist(count));
    return () => {
      offCart();
      offWishlist();
    };
  }, []);

  useEffect(() => {
    // A new session starts from zero until its own counts arrive.
    setCart(eventBus.lastPayload('cart:count-changed')?.count ?? 0);
    setWishlist(eventBus.lastPayload('wishlist:count-changed')?.count ?? 0);
    if (!signedIn) return;
    let active = true;
    let stop = () => undefined as void;
    import(/* webpackChunkName: "badge-queries" */ './badge-queries')
      .then(({ observeBadgeCounts }) => {
        if (active) stop = observeBadgeCounts(setCart, setWishlist);
      })
      .catch(() => undefined);
    return () => {
      active = false;
      stop();
    };
  }, [signedIn]);

  return signedIn ? { cart, wishlist } : { cart: 0, wishlist: 0 };
}
