/**
 * The navbar badges read the same cart and wishlist queries the screens use
 * (`@campus/shared/queries`): observers on the page's one query client, so a
 * change anywhere (or in another tab, through the bus) moves the badge.
 * Loaded on demand after the first render: the query library and the API
 * caller stay off the landing page.
 */
import { QueryObserver } from '@tanstack/react-query';
import { cartQuery, wishlistIds, wishlistQuery } from '@campus/shared/queries';
import { getQueryClient } from '@campus/shared/query';

export function observeBadgeCounts(onCart: (count: number) => void, onWishlist: (count: number) => void): () => void {
  const client = getQueryClient();
  const cart = new QueryObserver(client, { ...cartQuery(), select: (c) => c.totals.totalItems });
  const wishlist = new QueryObserver(client, { ...wishlistQuery(), select: (entries) => wishlistIds(entries).length });
  // A failed read leaves the badge as it was: a missing count must never break the navbar.
  const offCart = cart.subscribe((result) => {
    if (result.data !== undefined) onCart(result.data);
  });
  const offWishlist = wishlist.subscribe((result) => {
    if (result.data !== undefined) onWishlist(result.data);
  });
  return () => {
    offCart();
    offWishlist();
  };
}
