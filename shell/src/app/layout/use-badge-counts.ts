/**
 * Cart, wishlist and unread-message badge counts. When signed in they are the
 * cart, wishlist and conversation queries' totals, read from the page's query
 * cache (badge-queries.ts, loaded once the page's main content has shown, so
 * neither the landing page nor a screen's first results wait for it: main-content.ts):
 * the navbar keeps no copy of its own. Signed out there are none. The same
 * chunk opens the page's live event stream while signed in, and closes it when
 * the student signs out (the stream also closes itself on sign-out).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { BadgeSources, CountSource } from './badge-queries';
import { afterMainContent } from './main-content';
import { yieldToMain } from '../yield-to-main';

export interface BadgeCounts {
  cart: number;
  wishlist: number;
  chat: number;
  /** The counts' chunk is in and the live event stream runs: what the new-message notice listens to. */
  live: boolean;
}

/**
 * The counts' chunk needs zod, the API contract, the caller (axios) and the shared queries: one
 * 213 ms task (a Chromium trace, cold cache, CPU throttled 3x, benchmark index about 1,300), once,
 * if the screen has not loaded them already. Loaded a group per task, with a yield between, so no
 * one task keeps the page from answering a tap for long (docs/performance.md, "Answers rendered in
 * slices"). A later import of a loaded module costs nothing.
 *
 * Never `import('zod')` on its own: a dynamic import keeps the module's every export, so zod's
 * whole namespace (its 40-odd locales included: 56 KB gzip, a task of its own) would ship for
 * nothing. The contract brings the parts of zod it uses.
 */
const BADGE_CHUNK_STEPS = [
  () => import('@campus/shared/endpoints'),
  () => import('@campus/shared/call'),
  () => import('@campus/shared/queries'),
  () => import('@campus/shared/live-events'),
];

async function loadBadgeQueries() {
  for (const step of BADGE_CHUNK_STEPS) {
    await step();
    await yieldToMain();
  }
  return import(/* webpackChunkName: "badge-queries" */ './badge-queries');
}

const NO_COUNT: CountSource = { subscribe: () => () => undefined, read: () => 0 };

function useCount(source: CountSource): number {
  return useSyncExternalStore(source.subscribe, source.read, NO_COUNT.read);
}

export function useBadgeCounts(signedIn: boolean): BadgeCounts {
  const [sources, setSources] = useState<BadgeSources | null>(null);

  useEffect(() => {
    setSources(null);
    if (!signedIn) return;
    let active = true;
    let stopLiveEvents: (() => void) | undefined;
    const cancelStart = afterMainContent(() => {
      loadBadgeQueries()
        .then(({ badgeCountSources, startLiveEvents }) => {
          if (!active) return;
          setSources(badgeCountSources());
          stopLiveEvents = startLiveEvents();
        })
        .catch(() => undefined);
    });
    return () => {
      active = false;
      cancelStart();
      stopLiveEvents?.();
    };
  }, [signedIn]);

  const cart = useCount(sources?.cart ?? NO_COUNT);
  const wishlist = useCount(sources?.wishlist ?? NO_COUNT);
  const chat = useCount(sources?.chat ?? NO_COUNT);
  return signedIn ? { cart, wishlist, chat, live: sources !== null } : { cart: 0, wishlist: 0, chat: 0, live: false };
}
