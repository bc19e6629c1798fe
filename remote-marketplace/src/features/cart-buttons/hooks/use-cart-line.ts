/**
 * One product's line in the cart, for its button: read from the page's one
 * cart query (spec section 4: fresh for 2 minutes), changed through the API,
 * whose answer (the new cart) replaces the cached copy and moves the navbar
 * badge (`cartChanged`). Every button of one product shows the same
 * "updating" state while a change to it is on its way.
 */
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readApiError } from '@campus/shared/api-client';
import { MESSAGES } from '@campus/shared/messages';
import { cartChanged, cartQuery } from '@campus/shared/queries';
import type { Cart, CartItem } from '@campus/shared/schemas';
import { addToCart } from '../api/add-to-cart';
import { removeCartItem } from '../api/remove-cart-item';
import { updateCartItem } from '../api/update-cart-item';
import { queryKeys } from '@campus/shared/query-keys';

export const UPDATE_FAILED = 'Could not update your cart. Please try again.';

export function findItem(cart: Cart | undefined, productId: string): CartItem | undefined {
  for (const group of cart?.sellers ?? []) {
    const item = group.items.find((i) => i.productId === productId);
    if (item) return item;
  }
  return undefined;
}

type Change = { kind: 'add' } | { kind: 'set'; item: CartItem; quantity: number };

export function useCartLine(productId: string) {
  const client = useQueryClient();
  const cart = useQuery(cartQuery());
  const item = findItem(cart.data, productId);
  const mutationKey = ['cart-line', productId];
  const change = useMutation({
    mutationKey,
    mutationFn: (next: Change): Promise<Cart> => {
      if (next.kind === 'add') return addToCart(productId, 1, cart.data?.cartId);
      // Spec section 4: decreasing from 1 removes the item.
      return next.quantity < 1 ? removeCartItem(next.item.id) : updateCartItem(next.item.id, next.quantity);
    },
    onSuccess: (newCart) => cartChanged(newCart, client),
    // The copy may be out of date (that may be why it failed): read it again.
    onError: () => client.invalidateQueries({ queryKey: queryKeys.cart.all() }),
  });
  const pending = useIsMutating({ mutationKey }) > 0;

  let error: string | undefined;
  if (change.isError) {
    error = change.variables.kind === 'add' ? MESSAGES.cart.addFailed : (readApiError(change.error).serverMessage ?? UPDATE_FAILED);
  }

  return {
    item,
    loading: cart.isPending,
    pending,
    error,
    add: () => {
      if (!pending) change.mutate({ kind: 'add' });
    },
    setQuantity: (quantity: number) => {
      if (!pending && item) change.mutate({ kind: 'set', item, quantity });
    },
  };
}
