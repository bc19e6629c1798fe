/**
 * The payment the provider sent the buyer back about. Verifying is safe to
 * repeat (the API fulfils a payment once, whoever asks), so a reload asks
 * again. While the provider has no answer yet the page asks a few more times.
 * Once paid, the cart (emptied by the API) and the buyer's orders are read
 * again, so the navbar badge drops to the new count.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cartChanged, cartQuery } from '@campus/shared/queries';
import { verifyPayment } from './verify-payment';
import { queryKeys } from '@campus/shared/query-keys';

export const PENDING_RECHECKS = 3;
export const RECHECK_MS = 2000;

export function usePaymentResult(reference: string | null) {
  const client = useQueryClient();
  const result = useQuery({
    queryKey: queryKeys.payments.verification(reference),
    queryFn: ({ signal }) => verifyPayment(reference ?? '', signal),
    enabled: reference !== null,
    staleTime: Infinity,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount <= PENDING_RECHECKS ? RECHECK_MS : false,
  });
  const paid = result.data?.status === 'success';

  useEffect(() => {
    if (!paid) return;
    void client.invalidateQueries({ queryKey: queryKeys.orders.mine() });
    void client
      .fetchQuery({ ...cartQuery(), staleTime: 0 })
      .then((cart) => cartChanged(cart, client))
      .catch(() => undefined);
  }, [paid, client]);

  return result;
}
