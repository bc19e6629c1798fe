/**
 * Cart and wishlist badge counts. When signed in they are the cart and
 * wishlist queries' totals, read from the page's query cache (badge-queries.ts,
 * loaded after mount so the landing page stays light): the navbar keeps no
 * copy of its own. Signed out there are none.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CountSource } from './badge-queries';

export interface BadgeCounts {
  cart: number;
  wishlist: number;
}

const NO_COUNT: CountSource = { subscribe: () => () => undefined, read: () => 0 };

function useCount(source: CountSource): number {
  return useSyncExternalStore(source.subscribe, source.read, NO_COUNT.read);
}

export function useBadgeCounts(signedIn: boolean): BadgeCounts {
  const [sources, setSources] = useState<{ cart: CountSource; wishlist: CountSource } | null>(null);

  useEffect(() => {
    setSources(null);
    if (!signedIn) return;
    let active = true;
    import(/* webpackChunkName: "badge-queries" */ './badge-queries')
      .then(({ badgeCountSources }) => {
        if (active) setSources(badgeCountSources());
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [signedIn]);

  const cart = useCount(sources?.cart ?? NO_COUNT);
  const wishlist = useCount(sources?.wishlist ?? NO_COUNT);
  return signedIn ? { cart, wishlist } : { cart: 0, wishlist: 0 };
}
