/** The audit log, newest first, filtered. */
import { useQuery } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { ops } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';
import type { AuditQuery } from '@campus/shared/schemas';

export function useAuditLog(filters: AuditQuery) {
  const query = Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  return useQuery({ queryKey: queryKeys.ops.audit(query), queryFn: async () => (await call(ops.auditLog, { query })).data });
}
