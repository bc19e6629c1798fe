/**
 * Every change the cart page makes, as one mutation: while one is on its way
 * every button of the page is disabled, the API's answer (the new
 * cart) replaces the shared cart query and moves the navbar badge
 * (`cartChangeMutation`, shared with the other apps that change the cart),
 * and a refusal shows the server's reason.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOr } from '@campus/shared/api-client';
import { cartChangeMutation, type CartChange as AnyCartChange } from '@campus/shared/queries';

export const CART_CHANGE_FAILED = 'Could not update your cart. Please try again.';

/** The changes the cart page makes (adding is the marketplace's and the wishlist's). */
export type CartChange = Exclude<AnyCartChange, { kind: 'add' }>;

export function useCartChanges() {
  const client = useQueryClient();
  const mutation = useMutation({ ...cartChangeMutation(client), mutationKey: ['cart-page'] });
  return {
    pending: mutation.isPending,
    /** Which change is on its way (its button shows the spinner). */
    sending: mutation.isPending ? mutation.variables : undefined,
    error: mutation.isError ? messageOr(mutation.error, CART_CHANGE_FAILED) : null,
    change: (next: CartChange) => {
      if (!mutation.isPending) mutation.mutate(next);
    },
    dismissError: () => mutation.reset(),
  };
}
