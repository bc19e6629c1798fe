import { accountsCaller } from './accounts-caller';
import type { EmailOnlyBody } from '@campus/shared/schemas';

/** POST /auth/email/resend (our path; the spec leaves it open). */
export async function resendVerification(body: EmailOnlyBody): Promise<void> {
  const { call, accounts } = await accountsCaller();
  await call(accounts.resendVerificationCode, { body });
}
