import { call } from '@campus/shared/call';
import { accounts } from '@campus/shared/endpoints';
import type { User } from '@campus/shared/schemas';

/** GET /auth/me: the signed-in user, fresh from the server. */
export async function getMe(signal?: AbortSignal): Promise<User> {
  return (await call(accounts.me, undefined, { signal })).data;
}
