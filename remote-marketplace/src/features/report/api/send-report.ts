/** A student's report of a listing or a store to the campus team (POST /reports). */
import { useMutation } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { ops } from '@campus/shared/endpoints';
import type { ContentReportBody } from '@campus/shared/schemas';

export function useSendReport() {
  return useMutation({ mutationFn: async (body: ContentReportBody) => (await call(ops.report, { body })).message });
}
