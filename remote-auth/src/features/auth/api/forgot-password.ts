import { accountsCaller } from './accounts-caller';
import { withProofOfWork } from './proof-of-work';
import type { EmailOnlyBody } from '@campus/shared/schemas';

/** POST /auth/forgot-password: always the same neutral answer. */
export async function forgotPassword(body: EmailOnlyBody): Promise<void> {
  const { call, accounts } = await accountsCaller();
  await withProofOfWork((altcha) => call(accounts.forgotPassword, { body: { ...body, altcha } }));
}
