/** Accounts (spec section 7, "Authentication and account"): /auth/* and /users/*. */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { envelope } from '../http';
import {
  changePasswordBodySchema,
  emailOnlyBodySchema,
  loginBodySchema,
  registerBodySchema,
  renewSessionBodySchema,
  resetPasswordBodySchema,
  updateProfileBodySchema,
  verifyEmailBodySchema,
} from '../schemas/auth';
import { loginResultSchema, proofOfWorkChallengeSchema, registerResultSchema, sessionTokensSchema } from '../schemas/auth-responses';
import { userSchema } from '../schemas/entities';
import { defineEndpoint } from './define';

const done = lazySchema(() => envelope(z.null()));

/** The one sign-in request: the token and the user with its seller flags. */
export const login = defineEndpoint({
  name: 'accounts.login',
  method: 'POST',
  path: '/auth/login',
  access: 'public',
  summary: 'Sign in; answers a 15-minute bearer token, its one-use renewal token and the user with its seller data',
  body: ({ emailDomain }) => loginBodySchema(emailDomain),
  response: lazySchema(() => envelope(loginResultSchema)),
  errors: [400, 401, 403, 429],
});

/**
 * The bearer token lasts 15 minutes; the browser's API client trades the renewal token for a new pair
 * when a call answers 401, and retries the call once. A renewal token used twice ends the session.
 */
export const renewSession = defineEndpoint({
  name: 'accounts.renewSession',
  method: 'POST',
  path: '/auth/refresh',
  access: 'public',
  summary: 'Trade the renewal token for a new bearer token and renewal token (401: the session has ended)',
  body: renewSessionBodySchema,
  response: lazySchema(() => envelope(sessionTokensSchema)),
  errors: [400, 401, 429],
});

/**
 * A proof-of-work challenge: past a threshold of requests from one address, sign-up, verification,
 * resend and forgot-password answer 428 until the request carries a solved one in `altcha`.
 */
export const challenge = defineEndpoint({
  name: 'accounts.challenge',
  method: 'GET',
  path: '/auth/challenge',
  access: 'public',
  summary: 'A proof-of-work challenge to solve (about a second in a browser) and send as `altcha` after a 428',
  response: lazySchema(() => envelope(proofOfWorkChallengeSchema)),
  errors: [429],
});

export const register = defineEndpoint({
  name: 'accounts.register',
  method: 'POST',
  path: '/auth/register',
  access: 'public',
  summary: 'Create an account; a verification code is e-mailed',
  body: ({ emailDomain }) => registerBodySchema(emailDomain),
  status: 201,
  response: lazySchema(() => envelope(registerResultSchema)),
  errors: [400, 409, 428, 429],
});

export const verifyEmail = defineEndpoint({
  name: 'accounts.verifyEmail',
  method: 'POST',
  path: '/auth/email/verify',
  access: 'public',
  summary: 'Verify the e-mail address with the 6-digit code (every failure is the same 400, account or not)',
  body: ({ emailDomain }) => verifyEmailBodySchema(emailDomain),
  response: lazySchema(() => envelope(registerResultSchema)),
  errors: [400, 428, 429],
});

export const resendVerificationCode = defineEndpoint({
  name: 'accounts.resendVerificationCode',
  method: 'POST',
  path: '/auth/email/resend',
  access: 'public',
  summary: 'Send a new verification code (the same answer whether or not the address has an account waiting)',
  body: ({ emailDomain }) => emailOnlyBodySchema(emailDomain),
  response: done,
  errors: [400, 428, 429],
});

export const forgotPassword = defineEndpoint({
  name: 'accounts.forgotPassword',
  method: 'POST',
  path: '/auth/forgot-password',
  access: 'public',
  summary: 'E-mail a reset link (the answer never says whether the address exists)',
  body: ({ emailDomain }) => emailOnlyBodySchema(emailDomain),
  response: done,
  errors: [400, 428, 429],
});

export const resetPassword = defineEndpoint({
  name: 'accounts.resetPassword',
  method: 'POST',
  path: '/auth/reset-password',
  access: 'public',
  summary: 'Set a new password with the token from the reset link',
  body: resetPasswordBodySchema,
  response: done,
  errors: [400, 429],
});

export const me = defineEndpoint({
  name: 'accounts.me',
  method: 'GET',
  path: '/auth/me',
  access: 'signed-in',
  summary: 'The signed-in user with its seller data',
  response: lazySchema(() => envelope(userSchema)),
  errors: [401, 403],
});

export const logout = defineEndpoint({
  name: 'accounts.logout',
  method: 'POST',
  path: '/auth/logout',
  access: 'signed-in',
  summary: 'End this session (the token stops working)',
  response: done,
  errors: [401, 403],
});

export const updateProfile = defineEndpoint({
  name: 'accounts.updateProfile',
  method: 'PUT',
  path: '/users/profile',
  access: 'signed-in',
  summary: 'Change first, last and display name (the e-mail never changes)',
  body: updateProfileBodySchema,
  response: lazySchema(() => envelope(userSchema)),
  errors: [400, 401, 403],
});

export const changePassword = defineEndpoint({
  name: 'accounts.changePassword',
  method: 'POST',
  path: '/users/change-password',
  access: 'signed-in',
  summary: 'Change the password (the old one is checked)',
  body: changePasswordBodySchema,
  response: done,
  errors: [400, 401, 403, 429],
});
