/** The dispute queue, one dispute in full, and the decision (through the money domain's rules on the API). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { ops } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';
import type { DisputeDecisionBody } from '@campus/shared/schemas';

export function useDisputeQueue() {
  return useQuery({ queryKey: queryKeys.ops.disputes(), queryFn: async () => (await call(ops.listDisputes)).data });
}

export function useDispute(disputeId: string | null) {
  return useQuery({
    queryKey: queryKeys.ops.dispute(disputeId ?? ''),
    queryFn: async () => (await call(ops.getDispute, { params: { disputeId: disputeId ?? '' } })).data,
    enabled: disputeId !== null,
  });
}

export function useDecideDispute(disputeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DisputeDecisionBody) => (await call(ops.decideDispute, { params: { disputeId }, body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ops.all() }),
  });
}
