/**
 * The wishlist page's two actions. Remove takes the product off this page's
 * copy at once and tells the navbar the new count before the API answers
 * (the badge moves at once); a failure puts it back by reading the
 * wishlist again. Add to Cart answers the new cart, which replaces the shared
 * cart query and moves the cart badge.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOr } from '@campus/shared/api-client';
import { eventBus } from '@campus/shared/event-bus';
import { MESSAGES } from '@campus/shared/messages';
import { cartChangeMutation, cartQuery, wishlistChangeMutation, wishlistIds } from '@campus/shared/queries';
import { queryKeys } from '@campus/shared/query-keys';
import type { WishlistEntry } from '@campus/shared/schemas';

export const WISHLIST_REMOVE_FAILED = 'Could not update your wishlist. Please try again.';

const idOf = (entry: WishlistEntry) => entry.productId ?? entry.product?.id;

export function useWishlistActions() {
  const client = useQueryClient();
  const cart = useQuery(cartQuery());

  const remove = useMutation({
    // Success or not, the API's list is the truth (a failure brings the product back).
    ...wishlistChangeMutation(client),
    onMutate: async ({ productId }) => {
      await client.cancelQueries({ queryKey: queryKeys.wishlist.all() });
      const before = client.getQueryData<WishlistEntry[]>(queryKeys.wishlist.all()) ?? [];
      const after = before.filter((entry) => idOf(entry) !== productId);
      client.setQueryData(queryKeys.wishlist.all(), after);
      eventBus.emit('wishlist:count-changed', { count: wishlistIds(after).length });
    },
  });

  const add = useMutation(cartChangeMutation(client));

  const inCart = (productId: string) => (cart.data?.sellers ?? []).some((g) => g.items.some((i) => i.productId === productId));

  let error: string | null = null;
  if (remove.isError) error = messageOr(remove.error, WISHLIST_REMOVE_FAILED);
  if (add.isError) error = MESSAGES.cart.addFailed;

  return {
    error,
    inCart,
    cartLoading: cart.isPending,
    /** The product whose change is on its way. */
    busy: remove.isPending
      ? remove.variables.productId
      : add.isPending && add.variables.kind === 'add'
        ? add.variables.productId
        : undefined,
    remove: (productId: string) => remove.mutate({ kind: 'remove', productId }),
    addToCart: (productId: string) => add.mutate({ kind: 'add', productId, quantity: 1, cartId: cart.data?.cartId }),
  };
}
