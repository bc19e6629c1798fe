import { accountsCaller } from './accounts-caller';
import type { LoginBody, LoginResult } from '@campus/shared/schemas';
import { readJson } from '@campus/shared/storage';

/**
 * The device tokens this browser got from successful sign-ins, per e-mail. Sent
 * with the next sign-in to that account: a device that signed in before passes
 * a lock-out someone else's guessing caused. Not a secret worth
 * more than the session token beside it.
 */
export const DEVICE_TOKENS_KEY = 'deviceTokens';

function deviceTokens(): Record<string, string> {
  const stored = readJson<Record<string, unknown>>(DEVICE_TOKENS_KEY);
  const tokens: Record<string, string> = {};
  for (const [email, token] of Object.entries(stored ?? {})) if (typeof token === 'string') tokens[email] = token;
  return tokens;
}

/** POST /auth/login: the token and the user with its seller data. Wrong credentials answer 401: no redirect, the form shows the message. */
export async function login(body: Omit<LoginBody, 'deviceToken'>): Promise<LoginResult> {
  const { call, accounts } = await accountsCaller();
  const email = body.email.trim().toLowerCase();
  const known = deviceTokens()[email];
  const result = (await call(accounts.login, { body: { ...body, ...(known ? { deviceToken: known } : {}) } }, { skipAuthRedirect: true }))
    .data;
  if (result.deviceToken) {
    try {
      localStorage.setItem(DEVICE_TOKENS_KEY, JSON.stringify({ ...deviceTokens(), [email]: result.deviceToken }));
    } catch {
      // Storage full or blocked: the next sign-in is simply not recognised.
    }
  }
  return result;
}
