import { accountsCaller } from './accounts-caller';
import { withProofOfWork } from './proof-of-work';
import type { EmailOnlyBody } from '@campus/shared/schemas';

/** POST /auth/email/resend (our path; the spec leaves it open). */
export async function resendVerification(body: EmailOnlyBody): Promise<void> {
  const { call, accounts } = await accountsCaller();
  await withProofOfWork((altcha) => call(accounts.resendVerificationCode, { body: { ...body, altcha } }));
}
