/**
 * The navbar badges read the same cart, wishlist and conversation queries the screens use
 * (`@campus/shared/queries`): observers on the page's one query client, so a
 * change anywhere (or in another tab, through the bus's event) moves the badge.
 * The query cache is the only copy of the counts. Loaded on demand after the
 * first render: the query library and the API caller stay off the landing page.
 * The live event stream (`@campus/shared/live-events`), which keeps the unread
 * count and the order lists current, starts from this chunk too.
 */
import { QueryObserver } from '@tanstack/react-query';
import { cartQuery, conversationsQuery, wishlistIds, wishlistQuery } from '@campus/shared/queries';
import { getQueryClient } from '@campus/shared/query';

/** A count as an external store for useSyncExternalStore: its value is read from the query cache. */
export interface CountSource {
  subscribe: (onChange: () => void) => () => void;
  read: () => number;
}

function countOf(observer: {
  subscribe: (listener: () => void) => () => void;
  getCurrentResult: () => { data: number | undefined };
}): CountSource {
  return {
    subscribe: (onChange) => observer.subscribe(onChange),
    // A failed read leaves the last good count (TanStack keeps it), or none: a missing count must never break the navbar.
    read: () => observer.getCurrentResult().data ?? 0,
  };
}

export { startLiveEvents } from '@campus/shared/live-events';

export interface BadgeSources {
  cart: CountSource;
  wishlist: CountSource;
  /** Unread messages (the conversation list's unreadTotal): the Chat (Buyers) item's badge. */
  chat: CountSource;
}

export function badgeCountSources(): BadgeSources {
  const client = getQueryClient();
  return {
    chat: countOf(new QueryObserver(client, { ...conversationsQuery(), select: (list) => list.unreadTotal })),
    cart: countOf(new QueryObserver(client, { ...cartQuery(), select: (c) => c.totals.totalItems })),
    wishlist: countOf(new QueryObserver(client, { ...wishlistQuery(), select: (entries) => wishlistIds(entries).length })),
  };
}
