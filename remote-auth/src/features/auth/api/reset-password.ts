import { call } from '@campus/shared/call';
import { accounts } from '@campus/shared/endpoints';
import type { ResetPasswordBody } from '@campus/shared/schemas';

/** POST /auth/reset-password with the token from the e-mailed link. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await call(accounts.resetPassword, { body });
}
