import { accountsCaller } from './accounts-caller';
import type { ResetPasswordBody } from '@campus/shared/schemas';

/** POST /auth/reset-password with the token from the e-mailed link. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  const { call, accounts } = await accountsCaller();
  await call(accounts.resetPassword, { body });
}
