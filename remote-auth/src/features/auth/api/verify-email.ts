import { accountsCaller } from './accounts-caller';
import type { VerifyEmailBody } from '@campus/shared/schemas';

/** POST /auth/email/verify. */
export async function verifyEmail(body: VerifyEmailBody): Promise<void> {
  const { call, accounts } = await accountsCaller();
  await call(accounts.verifyEmail, { body });
}
