/** Finding an account, its page, and the actions on it (each with the reason the audit log keeps). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { ops } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';

export function useStudentSearch(words: string) {
  return useQuery({
    queryKey: queryKeys.ops.students(words),
    queryFn: async () => (await call(ops.searchStudents, { query: { q: words } })).data,
    enabled: words.length >= 2,
  });
}

export function useStudent(userId: string | null) {
  return useQuery({
    queryKey: queryKeys.ops.student(userId ?? ''),
    queryFn: async () => (await call(ops.getStudent, { params: { userId: userId ?? '' } })).data,
    enabled: userId !== null,
  });
}

export type StudentAction = 'suspend' | 'restore' | 'signOut';

export function useStudentAction(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, reason }: { action: StudentAction; reason: string }) => {
      const request = { params: { userId }, body: { reason } };
      if (action === 'suspend') return call(ops.suspendAccount, request);
      if (action === 'restore') return call(ops.restoreAccount, request);
      return call(ops.signOutEverywhere, request);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ops.all() }),
  });
}
