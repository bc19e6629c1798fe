import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOr } from '@campus/shared/api-client';
import { call } from '@campus/shared/call';
import { payments } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { queryKeys } from '@campus/shared/query-keys';

type RefundAccountBody = payments.RefundAccountBody;

/** POST /payments/refunds/{refundId}/account: the API checks the account with the bank, then Paystack pays the refund to it. */
export async function giveRefundAccount(refundId: string, body: RefundAccountBody): Promise<void> {
  await call(payments.giveRefundAccount, { params: { refundId }, body });
}

/** On success the waiting refunds are read again: the one just answered leaves the list. */
export function useGiveRefundAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ refundId, body }: { refundId: string; body: RefundAccountBody }) => giveRefundAccount(refundId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.payments.refundsAwaitingAccount() }),
  });
}

/** The API's own reason (unknown bank, account not found, not yours, no longer waiting, Paystack down). */
export function refundAccountError(error: unknown): string {
  return messageOr(error, MESSAGES.refunds.accountFailed);
}
