import { call } from '@campus/shared/call';
import { accounts } from '@campus/shared/endpoints';
import type { EmailOnlyBody } from '@campus/shared/schemas';

/** POST /auth/forgot-password: always the same neutral answer. */
export async function forgotPassword(body: EmailOnlyBody): Promise<void> {
  await call(accounts.forgotPassword, { body });
}
