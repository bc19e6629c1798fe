/** The money queue (with the reconciliation state) and a person's retry or decision on one item, each with its reason. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { ops } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';

export function useMoneyQueue() {
  return useQuery({ queryKey: queryKeys.ops.money(), queryFn: async () => (await call(ops.moneyQueue)).data });
}

export type MoneyAction =
  | { kind: 'accept' | 'refund'; paymentId: string }
  | { kind: 'retryPayout' | 'resolvePayout'; payoutId: string }
  | { kind: 'retryRefund'; refundId: string };

export function useMoneyAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, reason }: { action: MoneyAction; reason: string }) => {
      if (action.kind === 'accept' || action.kind === 'refund')
        return call(ops.decideReviewPayment, { params: { paymentId: action.paymentId }, body: { outcome: action.kind, reason } });
      if (action.kind === 'retryPayout') return call(ops.retryPayout, { params: { payoutId: action.payoutId }, body: { reason } });
      if (action.kind === 'resolvePayout') return call(ops.resolvePayout, { params: { payoutId: action.payoutId }, body: { reason } });
      if (action.kind === 'retryRefund') return call(ops.retryRefund, { params: { refundId: action.refundId }, body: { reason } });
      throw new Error('unknown money action');
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ops.all() }),
  });
}
