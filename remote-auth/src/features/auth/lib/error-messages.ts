/**
 * Spec section 8: which text each screen shows for a failed call. Pure
 * functions over readApiError's result so every screen maps errors the same way.
 */
import type { ApiErrorInfo } from '@campus/shared/api-error';
import { MESSAGES } from '@campus/shared/messages';

/**
 * The sign-in call got no HTTP answer: spec section 8's connectivity texts
 * (the login request itself tells a server that is down from a wrong
 * password, so no separate connectivity check is sent). Undefined when the
 * server answered.
 */
export function connectivityMessage(info: ApiErrorInfo): string | undefined {
  if (info.kind === 'http') return undefined;
  if (info.kind === 'timeout') return MESSAGES.connectivity.timeout;
  if (info.kind === 'network') return MESSAGES.connectivity.network;
  return MESSAGES.connectivity.other;
}

export function loginErrorMessage(info: ApiErrorInfo): string {
  const unreachable = connectivityMessage(info);
  if (unreachable) return unreachable;
  const { status } = info;
  if (status === 401) return MESSAGES.login.unauthorized;
  if (status === 403) return MESSAGES.login.unverified;
  if (status === 404) return MESSAGES.login.notFound;
  if (status !== undefined && status >= 500) return MESSAGES.login.serverError;
  return info.serverMessage ?? MESSAGES.login.failed;
}

export function registerErrorMessage(info: ApiErrorInfo): string {
  const { status } = info;
  if (status === 409) return MESSAGES.register.emailExists;
  if (status === 400) return info.serverMessage ?? MESSAGES.register.invalid;
  // 5xx and anything else: the server's text, else the fallback.
  return info.serverMessage ?? MESSAGES.register.failed;
}

export function verifyErrorMessage(info: ApiErrorInfo): string {
  if (info.status === 400) return MESSAGES.verify.invalidCode;
  if (info.status === 404) return MESSAGES.verify.emailNotFound;
  return MESSAGES.verify.failed;
}
