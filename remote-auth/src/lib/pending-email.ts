import { STORAGE_KEYS } from '@campus/shared/storage';

/**
 * The e-mail waiting for verification (spec section 4: stored after register
 * and after a 403 on login), under the shared key
 * STORAGE_KEYS.pendingVerificationEmail from @campus/shared/storage.
 */
const PENDING_VERIFICATION_EMAIL_KEY = STORAGE_KEYS.pendingVerificationEmail;

export function storePendingEmail(email: string): void {
  localStorage.setItem(PENDING_VERIFICATION_EMAIL_KEY, email);
}

export function readPendingEmail(): string {
  return localStorage.getItem(PENDING_VERIFICATION_EMAIL_KEY) ?? '';
}

export function clearPendingEmail(): void {
  localStorage.removeItem(PENDING_VERIFICATION_EMAIL_KEY);
}
