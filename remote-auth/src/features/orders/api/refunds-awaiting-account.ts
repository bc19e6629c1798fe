import { useQuery } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { payments } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';

/** GET /payments/refunds/awaiting-account: my refunds that cannot be paid until I give a bank account. */
export async function listRefundsAwaitingAccount(signal?: AbortSignal) {
  return (await call(payments.listRefundsAwaitingAccount, undefined, { signal })).data;
}

export function useRefundsAwaitingAccount() {
  return useQuery({
    queryKey: queryKeys.payments.refundsAwaitingAccount(),
    queryFn: ({ signal }) => listRefundsAwaitingAccount(signal),
    // The buyer arrives from the refund e-mail (/profile?tab=orders) or after a cancellation: read it each time.
    refetchOnMount: 'always',
  });
}
