/**
 * Guessing completion codes (issue 11): five wrong codes within 15 minutes
 * lock a store's completion for 15 minutes, each further lock twice as long
 * as the one before (capped at a day); a right code clears the failures but
 * not the lock history. Pure: the service reads and writes the store's
 * `completion_locks` row inside its transaction.
 */
export const COMPLETION_MAX_FAILURES = 5;
export const COMPLETION_WINDOW_MS = 15 * 60 * 1000;
export const COMPLETION_FIRST_LOCK_MS = 15 * 60 * 1000;
export const COMPLETION_MAX_LOCK_MS = 24 * 60 * 60 * 1000;

export interface CompletionLockState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
  /** Locks so far. */
  locks: number;
}

export const NO_FAILURES = (now: Date): CompletionLockState => ({ failures: 0, windowStartedAt: now, lockedUntil: null, locks: 0 });

/** While locked, no code is even looked at: milliseconds left, or 0. */
export function lockRemainingMs(state: CompletionLockState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, state.lockedUntil.getTime() - now.getTime());
}

export function lockDurationMs(previousLocks: number): number {
  return Math.min(COMPLETION_MAX_LOCK_MS, COMPLETION_FIRST_LOCK_MS * 2 ** Math.min(previousLocks, 20));
}

/** The state after a wrong code. */
export function afterWrongCode(state: CompletionLockState | null, now: Date): CompletionLockState {
  const base = state ?? NO_FAILURES(now);
  const windowOpen = now.getTime() - base.windowStartedAt.getTime() < COMPLETION_WINDOW_MS;
  const failures = (windowOpen ? base.failures : 0) + 1;
  const windowStartedAt = windowOpen ? base.windowStartedAt : now;
  if (failures >= COMPLETION_MAX_FAILURES) {
    return { failures: 0, windowStartedAt: now, lockedUntil: new Date(now.getTime() + lockDurationMs(base.locks)), locks: base.locks + 1 };
  }
  return { failures, windowStartedAt, lockedUntil: base.lockedUntil, locks: base.locks };
}

/** The state after a right code: failures forgiven, the lock history kept (a later lock still doubles). */
export function afterRightCode(state: CompletionLockState | null, now: Date): CompletionLockState {
  return { ...NO_FAILURES(now), locks: state?.locks ?? 0 };
}
