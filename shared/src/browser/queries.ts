/**
 * Server data more than one app reads, as query options: the cart and the
 * wishlist (the shell's badges, the marketplace's buttons, the cart pages) and
 * the categories. The spec's cache rules (section 4) live here as options:
 * cart and wishlist fresh for 2 minutes and replaced after every change;
 * categories fresh for 5 minutes, the stale copy kept when a refetch fails.
 *
 * The query cache is the only copy of this data on a page (the navbar's badges
 * read these queries too). A change announces itself on the bus as an event
 * (`cart:count-changed`, `wishlist:count-changed`, relayed to other tabs); a
 * page whose cached copy has another count marks it stale and reads it again.
 * The bus keeps no copy of its own.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { CART_CACHE_MS, CATEGORY_CACHE_MS, WISHLIST_CACHE_MS } from '../constants';
import { addToCart, clearCart, getCart, removeCartItem, updateCartItem } from '../endpoints/cart';
import { listCategories } from '../endpoints/categories';
import { listConversations } from '../endpoints/messages';
import { addToWishlist as addWishlistEntry, getWishlist, removeFromWishlist as removeWishlistEntry } from '../endpoints/wishlist';
import type { Cart, Category, WishlistEntry } from '../schemas/entities';
import { readApiError } from '@campus/shared/api-client';
import { call } from '@campus/shared/call';
import { eventBus } from '@campus/shared/event-bus';
import { getQueryClient, SESSION_READ } from '@campus/shared/query';
import { readStoredToken } from '@campus/shared/storage';
import { queryKeys } from './query-keys';

export const EMPTY_CART: Cart = { cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } };

/** Spec section 8: a 401 on reading the cart or wishlist counts as an empty list. */
/** Signed out there is nothing to read (the read would only meet the 401 and its redirect). */
async function emptyOn401<T>(read: () => Promise<T>, empty: T): Promise<T> {
  if (readStoredToken() === null) return empty;
  try {
    return await read();
  } catch (error) {
    if (readApiError(error).status === 401) return empty;
    throw error;
  }
}

export const cartQuery = () =>
  queryOptions({
    queryKey: queryKeys.cart.all(),
    queryFn: ({ signal }) => emptyOn401(() => call(getCart, undefined, { signal }).then((a) => a.data), EMPTY_CART),
    staleTime: CART_CACHE_MS,
    meta: SESSION_READ,
  });

export const wishlistQuery = () =>
  queryOptions({
    queryKey: queryKeys.wishlist.all(),
    queryFn: ({ signal }) => emptyOn401<WishlistEntry[]>(() => call(getWishlist, undefined, { signal }).then((a) => a.data), []),
    staleTime: WISHLIST_CACHE_MS,
    meta: SESSION_READ,
  });

/** My conversations and the unread total: the chat screen's list and the navbar's Chat (Buyers) badge. */
export const conversationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.messages.conversations(),
    queryFn: ({ signal }) =>
      emptyOn401(() => call(listConversations, undefined, { signal }).then((a) => a.data), { conversations: [], unreadTotal: 0 }),
    meta: SESSION_READ,
  });

/** The category list from the API (a screen that loads this module on first use passes it to its own query). */
export const fetchCategories = (signal?: AbortSignal): Promise<Category[]> =>
  call(listCategories, undefined, { signal }).then((a) => a.data);

export const categoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.categories.all(),
    queryFn: ({ signal }): Promise<Category[]> => fetchCategories(signal),
    staleTime: CATEGORY_CACHE_MS,
    // Keep the last good list long after it went stale: spec section 4 shows it when a refetch fails.
    gcTime: Infinity,
  });

/** The product ids of a wishlist (an entry may carry only product.id, spec section 3). */
export function wishlistIds(entries: readonly WishlistEntry[]): string[] {
  return entries.map((e) => e.productId ?? e.product?.id).filter((id): id is string => typeof id === 'string');
}

/**
 * DELETE /wishlist/remove/{productId}; a 400 saying it is not there counts as
 * success (spec section 8). Here because two remotes remove (the marketplace's
 * heart, the wishlist page) and the rule must be the same for both.
 */
export async function removeFromWishlist(productId: string): Promise<void> {
  try {
    await call(removeWishlistEntry, { params: { productId } });
  } catch (error) {
    const info = readApiError(error);
    if (info.status === 400 && info.serverMessage?.toLowerCase().includes('not in your wishlist')) return;
    throw error;
  }
}

/** POST /wishlist/add; a 400 saying it is already there counts as success (spec section 8). */
export async function addToWishlist(productId: string): Promise<void> {
  try {
    await call(addWishlistEntry, { body: { productId } });
  } catch (error) {
    const info = readApiError(error);
    if (info.status === 400 && info.serverMessage?.toLowerCase().includes('already in your wishlist')) return;
    throw error;
  }
}

/**
 * Every change a buyer makes to the cart (spec section 7), written once for every app that
 * changes it (the marketplace's buttons, the cart and wishlist pages); each answers the new cart.
 */
export type CartChange =
  | { kind: 'add'; productId: string; quantity: number; cartId?: string | null | undefined }
  | { kind: 'quantity'; itemId: string; quantity: number }
  | { kind: 'remove'; itemId: string }
  | { kind: 'clear' };

export async function sendCartChange(change: CartChange): Promise<Cart> {
  switch (change.kind) {
    case 'add': {
      // cartId omitted when there is none.
      const items = [{ productId: change.productId, quantity: change.quantity }];
      return (await call(addToCart, { body: change.cartId ? { items, cartId: change.cartId } : { items } })).data;
    }
    case 'quantity':
      return (await call(updateCartItem, { params: { itemId: change.itemId }, body: { quantity: change.quantity } })).data;
    case 'remove':
      return (await call(removeCartItem, { params: { itemId: change.itemId } })).data;
    case 'clear':
      return (await call(clearCart)).data;
  }
}

/**
 * The cart's mutation (spread into useMutation, with the screen's own mutationKey): the API's
 * answer replaces the cached cart and goes out on the bus; a failure reads the cart again, as
 * the cached copy may be why it failed (stock moved, a line gone).
 */
export const cartChangeMutation = (client: QueryClient = getQueryClient()) =>
  mutationOptions({
    mutationFn: sendCartChange,
    onSuccess: (cart: Cart) => cartChanged(cart, client),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.cart.all() }),
  });

export type WishlistChange = { kind: 'add' | 'remove'; productId: string };

/**
 * The wishlist's mutation: add or remove one product; success or not, the API's list is the
 * truth, so the wishlist is read again and its new count goes out on the bus.
 */
export const wishlistChangeMutation = (client: QueryClient = getQueryClient()) =>
  mutationOptions({
    mutationFn: ({ kind, productId }: WishlistChange) => (kind === 'add' ? addToWishlist(productId) : removeFromWishlist(productId)),
    onSettled: () => wishlistChanged(client),
  });

/**
 * After a cart change the API answers the new cart: it replaces this page's
 * copy and the count goes out on the bus. A read still on its way was started
 * before the change: it is cancelled first, so it cannot overwrite the newer cart.
 */
export async function cartChanged(cart: Cart, client: QueryClient = getQueryClient()): Promise<void> {
  await client.cancelQueries({ queryKey: queryKeys.cart.all() });
  client.setQueryData(queryKeys.cart.all(), cart);
  eventBus.emit('cart:count-changed', { count: cart.totals.totalItems });
}

/** After a wishlist change: this page's copy is stale; the new count goes out once it is read again. */
export async function wishlistChanged(client: QueryClient = getQueryClient()): Promise<void> {
  await client.invalidateQueries({ queryKey: queryKeys.wishlist.all() });
  const entries = client.getQueryData<WishlistEntry[]>(queryKeys.wishlist.all());
  if (entries) eventBus.emit('wishlist:count-changed', { count: wishlistIds(entries).length });
}

// Another app or tab changed the cart or wishlist: a copy whose count differs is out of date.
eventBus.on('cart:count-changed', ({ count }) => {
  const client = getQueryClient();
  const cart = client.getQueryData<Cart>(queryKeys.cart.all());
  if (cart && cart.totals.totalItems !== count) void client.invalidateQueries({ queryKey: queryKeys.cart.all() });
});
eventBus.on('wishlist:count-changed', ({ count }) => {
  const client = getQueryClient();
  const entries = client.getQueryData<WishlistEntry[]>(queryKeys.wishlist.all());
  if (entries && wishlistIds(entries).length !== count) void client.invalidateQueries({ queryKey: queryKeys.wishlist.all() });
});
