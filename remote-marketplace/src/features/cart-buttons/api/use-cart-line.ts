/**
 * One product's line in the cart, for its button: read from the page's one
 * cart query (spec section 4: fresh for 2 minutes), changed through the API,
 * whose answer (the new cart) replaces the cached copy and moves the navbar
 * badge (`cartChangeMutation`, shared with the cart and wishlist pages). Every button of one product shows the same
 * "updating" state while a change to it is on its way.
 */
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messageOr } from '@campus/shared/api-client';
import { MESSAGES } from '@campus/shared/messages';
import { cartChangeMutation, cartQuery } from '@campus/shared/queries';
import type { Cart, CartItem } from '@campus/shared/schemas';

export const UPDATE_FAILED = 'Could not update your cart. Please try again.';

export function findItem(cart: Cart | undefined, productId: string): CartItem | undefined {
  for (const group of cart?.sellers ?? []) {
    const item = group.items.find((i) => i.productId === productId);
    if (item) return item;
  }
  return undefined;
}

export function useCartLine(productId: string) {
  const client = useQueryClient();
  const cart = useQuery(cartQuery());
  // A page of cards holds many buttons, each a memoised view of its line: a cart answer that leaves
  // this line as it was (TanStack keeps unchanged items' identity) hands it the same values and
  // actions, so only the buttons whose line changed are drawn again.
  const item = findItem(cart.data, productId);
  const cartId = cart.data?.cartId;
  const mutationKey = ['cart-line', productId];
  const { mutate, isError, variables, error: changeError } = useMutation({ ...cartChangeMutation(client), mutationKey });
  const pending = useIsMutating({ mutationKey }) > 0;

  let error: string | undefined;
  if (isError) {
    error = variables.kind === 'add' ? MESSAGES.cart.addFailed : messageOr(changeError, UPDATE_FAILED);
  }

  const add = useCallback(() => {
    if (!pending) mutate({ kind: 'add', productId, quantity: 1, cartId });
  }, [pending, mutate, productId, cartId]);
  const setQuantity = useCallback(
    (quantity: number) => {
      // Spec section 4: decreasing from 1 removes the item.
      if (!pending && item) mutate(quantity < 1 ? { kind: 'remove', itemId: item.id } : { kind: 'quantity', itemId: item.id, quantity });
    },
    [pending, mutate, item],
  );

  return { item, loading: cart.isPending, pending, error, add, setQuantity };
}
