import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';
import { call } from '@campus/shared/call';
import { accounts } from '@campus/shared/endpoints';
import type { User } from '@campus/shared/schemas';

/** GET /auth/me: the signed-in user, fresh from the server. */
export async function getMe(signal?: AbortSignal): Promise<User> {
  return (await call(accounts.me, undefined, { signal })).data;
}

/** The signed-in user for a stored token (none without one). */
export function useMe(token: string | null) {
  return useQuery({ queryKey: queryKeys.account.me(token), queryFn: ({ signal }) => getMe(signal), enabled: Boolean(token) });
}
