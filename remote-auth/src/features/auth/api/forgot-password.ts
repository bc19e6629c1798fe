import { accountsCaller } from './accounts-caller';
import type { EmailOnlyBody } from '@campus/shared/schemas';

/** POST /auth/forgot-password: always the same neutral answer. */
export async function forgotPassword(body: EmailOnlyBody): Promise<void> {
  const { call, accounts } = await accountsCaller();
  await call(accounts.forgotPassword, { body });
}
