/** How long a session's tokens live: a leaf the app's types read without loading the accounts domain. */
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** An access token works this long: a stolen one is worth minutes, and an active student renews it unnoticed. */
export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE;
/** A session nobody renewed for this long has ended (a week: a student who comes back within it stays signed in). */
export const SESSION_IDLE_TTL_MS = 7 * DAY;
/** No session lives longer than this, however active (what every session lived before renewal). */
export const SESSION_MAX_AGE_MS = 30 * DAY;

/** How long a session's tokens live (app.sessionLifetimes: these, unless a test's app is built with others). */
export interface SessionLifetimes {
  accessMs: number;
  idleMs: number;
  maxAgeMs: number;
}

export const SESSION_LIFETIMES: SessionLifetimes = {
  accessMs: ACCESS_TOKEN_TTL_MS,
  idleMs: SESSION_IDLE_TTL_MS,
  maxAgeMs: SESSION_MAX_AGE_MS,
};
