import { call } from '@campus/shared/call';
import { accounts } from '@campus/shared/endpoints';
import type { VerifyEmailBody } from '@campus/shared/schemas';

/** POST /auth/email/verify. */
export async function verifyEmail(body: VerifyEmailBody): Promise<void> {
  await call(accounts.verifyEmail, { body });
}
