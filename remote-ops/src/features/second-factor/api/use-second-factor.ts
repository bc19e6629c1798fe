/** The operator's second factor: its state for this session, enrolment and the check that elevates the session. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { ops } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';

export function useOperatorStatus() {
  return useQuery({ queryKey: queryKeys.ops.status(), queryFn: async () => (await call(ops.operatorStatus)).data });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: async () => (await call(ops.startEnrolment)).data });
}

/** Confirms the authenticator: answers the recovery codes (shown once); the status is read again afterwards. */
export function useConfirmEnrolment() {
  return useMutation({ mutationFn: async (code: string) => (await call(ops.confirmEnrolment, { body: { code } })).data });
}

export function useVerifySecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await call(ops.verifySecondFactor, { body: { code } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ops.all() }),
  });
}
