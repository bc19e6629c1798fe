/**
 * Every change the cart page makes, as one mutation: while one is on its way
 * every button of the page is disabled (issue 12), the API's answer (the new
 * cart) replaces the shared cart query and moves the navbar badge
 * (`cartChanged`), and a refusal shows the server's reason.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readApiError } from '@campus/shared/api-client';
import { cartChanged } from '@campus/shared/queries';
import type { Cart } from '@campus/shared/schemas';
import { clearCart, removeCartItem, updateCartItem } from '../api/cart-changes';
import { queryKeys } from '@campus/shared/query-keys';

export const CART_CHANGE_FAILED = 'Could not update your cart. Please try again.';

export type CartChange = { kind: 'quantity'; itemId: string; quantity: number } | { kind: 'remove'; itemId: string } | { kind: 'clear' };

function send(change: CartChange): Promise<Cart> {
  if (change.kind === 'quantity') return updateCartItem(change.itemId, change.quantity);
  if (change.kind === 'remove') return removeCartItem(change.itemId);
  return clearCart();
}

export function useCartChanges() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationKey: ['cart-page'],
    mutationFn: send,
    onSuccess: (cart) => cartChanged(cart, client),
    // The page's copy may be why it failed (stock moved, a line gone): read it again.
    onError: () => client.invalidateQueries({ queryKey: queryKeys.cart.all() }),
  });
  return {
    pending: mutation.isPending,
    /** Which change is on its way (its button shows the spinner). */
    sending: mutation.isPending ? mutation.variables : undefined,
    error: mutation.isError ? (readApiError(mutation.error).serverMessage ?? CART_CHANGE_FAILED) : null,
    change: (next: CartChange) => {
      if (!mutation.isPending) mutation.mutate(next);
    },
    dismissError: () => mutation.reset(),
  };
}
