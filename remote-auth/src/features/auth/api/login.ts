import { call } from '@campus/shared/call';
import { accounts } from '@campus/shared/endpoints';
import type { LoginBody, LoginResult } from '@campus/shared/schemas';

/** POST /auth/login: the token and the user with its seller data. Wrong credentials answer 401: no redirect, the form shows the message. */
export async function login(body: LoginBody): Promise<LoginResult> {
  return (await call(accounts.login, { body }, { skipAuthRedirect: true })).data;
}
