/**
 * Checkout All (spec section 4 "Checkout"): needs a signed-in student and a
 * total above zero, then POST /payments/initiate and off to the payment page.
 * A 409 (the cart changed since the page read it) reads the cart again and
 * says so.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@campus/shared/messages';
import type { Cart, PickupDetails } from '@campus/shared/schemas';
import { useSession } from '@campus/shared/session';
import { initiatePayment } from './initiate-payment';
import { checkoutFailure } from '../lib/checkout-errors';
import { leavePage } from '../lib/leave-page';
import { rememberPickup } from '../lib/pickup-memory';
import { queryKeys } from '@campus/shared/query-keys';

export interface CheckoutRequest {
  cart: Cart;
  /** The total of the lines that can be bought, in kobo (spec section 9: total x 100). */
  totalKobo: number;
  pickup: PickupDetails;
}

export function useCheckout() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const [notice, setNotice] = useState<string | null>(null);

  const mutation = useMutation({
    mutationKey: ['checkout'],
    mutationFn: ({ email, cartId, totalKobo, pickup }: { email: string; cartId: string; totalKobo: number; pickup: PickupDetails }) =>
      initiatePayment({ email, amount: String(totalKobo), metadata: { cartId }, ...pickup }),
    onSuccess: (result) => {
      if (!result.authorization_url) {
        setNotice(MESSAGES.payment.noUrl);
        return;
      }
      leavePage(result.authorization_url);
    },
    onError: (error) => {
      const failure = checkoutFailure(error);
      setNotice(failure.text);
      if (failure.cartChanged) void client.invalidateQueries({ queryKey: queryKeys.cart.all() });
    },
  });

  // Back from the payment page, the browser may restore this page as it left it (the back/forward
  // cache), still "starting": a restored page can check out again.
  const { reset } = mutation;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);

  /** Answers false when nothing was started (not signed in, nothing to pay). */
  function start(request: CheckoutRequest): boolean {
    setNotice(null);
    if (!token || !user) {
      setNotice(MESSAGES.cart.signInToContinue);
      return false;
    }
    if (request.totalKobo <= 0 || !request.cart.cartId) return false;
    rememberPickup(user.id, request.pickup);
    mutation.mutate({ email: user.email, cartId: request.cart.cartId, totalKobo: request.totalKobo, pickup: request.pickup });
    return true;
  }

  return {
    start,
    // After success the page is leaving: keep the buttons disabled until it has gone.
    starting: mutation.isPending || mutation.isSuccess,
    notice,
    userId: user?.id ?? null,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
