/** Local storage keys of spec section 4, in one place. */
export const STORAGE_KEYS = {
  /** The session's short-lived bearer (access) token. */
  token: 'token',
  /** The one-use token that renews it (POST /auth/refresh); replaced at every renewal. */
  refreshToken: 'refreshToken',
  user: 'user',
  /** The e-mail waiting for verification (after register, or a 403 on login). */
  pendingVerificationEmail: 'pendingVerificationEmail',
  /** A student's pickup details (hostel, block, room), remembered for their next checkout; one entry per user id. */
  pickupDetails: (userId: string) => `pickupDetails:${userId}`,
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/**
 * The stored session token, or null. Null too where there is no local storage: a screen
 * rendered on the server (the contract's `prerender: 'request'`) reads public data only.
 */
export function readStoredToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.token);
}

/** The stored renewal token, or null (none, or no local storage). */
export function readStoredRefreshToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.refreshToken);
}

/** Writes a session's tokens: at sign-in (the session store) and at each renewal (the API client). */
export function storeSessionTokens(token: string, refreshToken: string | null): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  if (refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  else localStorage.removeItem(STORAGE_KEYS.refreshToken);
}
