import { call } from '@campus/shared/call';
import { accounts } from '@campus/shared/endpoints';
import type { ChangePasswordBody } from '@campus/shared/schemas';

/** POST /users/change-password (our path). Answers the server's confirmation text, if any. */
export async function changePassword(body: ChangePasswordBody): Promise<string | undefined> {
  return (await call(accounts.changePassword, { body })).message;
}
