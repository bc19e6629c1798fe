import { accountsCaller } from './accounts-caller';
import { withProofOfWork } from './proof-of-work';
import type { VerifyEmailBody } from '@campus/shared/schemas';

/** POST /auth/email/verify. */
export async function verifyEmail(body: VerifyEmailBody): Promise<void> {
  const { call, accounts } = await accountsCaller();
  await withProofOfWork((altcha) => call(accounts.verifyEmail, { body: { ...body, altcha } }));
}
