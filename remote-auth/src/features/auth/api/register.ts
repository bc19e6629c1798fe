import { accountsCaller } from './accounts-caller';
import { withProofOfWork } from './proof-of-work';
import type { RegisterBody, User } from '@campus/shared/schemas';

/** POST /auth/register → 201 with the new (unverified) user; no token until the e-mail is verified. */
export async function register(body: RegisterBody): Promise<{ user: User; message?: string }> {
  const { call, accounts } = await accountsCaller();
  const answer = await withProofOfWork((altcha) => call(accounts.register, { body: { ...body, altcha } }));
  return { user: answer.data.user, message: answer.message };
}
