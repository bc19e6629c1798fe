/**
 * The e-mail waiting for verification (spec section 4: stored after register
 * and after a 403 on login). Same key as STORAGE_KEYS.pendingVerificationEmail
 * in shared/src/browser/storage.ts, which the shared package does not export.
 */
const PENDING_VERIFICATION_EMAIL_KEY = 'pendingVerificationEmail';

export function storePendingEmail(email: string): void {
  localStorage.setItem(PENDING_VERIFICATION_EMAIL_KEY, email);
}

export function readPendingEmail(): string {
  return localStorage.getItem(PENDING_VERIFICATION_EMAIL_KEY) ?? '';
}

export function clearPendingEmail(): void {
  localStorage.removeItem(PENDING_VERIFICATION_EMAIL_KEY);
}
