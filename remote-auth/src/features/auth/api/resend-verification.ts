import { call } from '@campus/shared/call';
import { accounts } from '@campus/shared/endpoints';
import type { EmailOnlyBody } from '@campus/shared/schemas';

/** POST /auth/email/resend (our path; the spec leaves it open). */
export async function resendVerification(body: EmailOnlyBody): Promise<void> {
  await call(accounts.resendVerificationCode, { body });
}
