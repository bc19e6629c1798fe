/** Open reports grouped by listing and account, and the actions on them (each with the reason the audit log keeps). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { ops } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';

export function useReportGroups() {
  return useQuery({ queryKey: queryKeys.ops.reports(), queryFn: async () => (await call(ops.listReports)).data });
}

export type ReportAction = 'hide' | 'restoreListing' | 'suspend' | 'restoreAccount';

export function useReportAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id, reason }: { action: ReportAction; id: string; reason: string }) => {
      const body = { reason };
      if (action === 'hide') return call(ops.hideListing, { params: { productId: id }, body });
      if (action === 'restoreListing') return call(ops.restoreListing, { params: { productId: id }, body });
      if (action === 'suspend') return call(ops.suspendAccount, { params: { userId: id }, body });
      return call(ops.restoreAccount, { params: { userId: id }, body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ops.all() }),
  });
}
