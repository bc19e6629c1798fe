/**
 * Guessing completion codes. A seller's code is checked against the one order
 * they picked, so each guess has a one-in-a-million chance however many
 * orders are open. Two rules bound the guesses:
 * - per order: the fifth wrong code on an order replaces its code (the buyer
 *   gets the new one by e-mail and on their Orders page) and its count starts
 *   again, so no code ever takes more than COMPLETION_ORDER_MAX_WRONG guesses;
 * - per store: COMPLETION_STORE_DAILY_WRONG_CAP wrong codes in a UTC day,
 *   over all its orders, lock Accept Order for the store until the next UTC
 *   midnight. A right code forgives nothing: the cap bounds a store to 20
 *   guesses a day (a 0.002% chance), the old 15-minute window added nothing
 *   to that bound, so it is gone.
 * Pure: the repository reads and writes the store's `completion_locks` row
 * and the order's counters inside its transaction.
 */
export const COMPLETION_ORDER_MAX_WRONG = 5;
export const COMPLETION_STORE_DAILY_WRONG_CAP = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The store's wrong codes of one UTC day (the `completion_locks` row). */
export interface StoreLockState {
  /** Wrong codes on `dayStartedAt`'s UTC day. */
  failures: number;
  /** 00:00 UTC of the day `failures` counts. */
  dayStartedAt: Date;
  /** Set when the cap was reached: the next 00:00 UTC. */
  lockedUntil: Date | null;
  /** Days the cap was reached so far (kept for the record). */
  locks: number;
}

export function utcDayStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(utcDayStart(now).getTime() + DAY_MS);
}

export const NO_STORE_FAILURES = (now: Date): StoreLockState => ({
  failures: 0,
  dayStartedAt: utcDayStart(now),
  lockedUntil: null,
  locks: 0,
});

/** While locked, no order or code is looked at: milliseconds left, or 0. */
export function storeLockRemainingMs(state: StoreLockState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, state.lockedUntil.getTime() - now.getTime());
}

/** The store's state after a wrong code on any of its orders: counted per UTC day, locked at the cap. */
export function afterStoreWrongCode(state: StoreLockState | null, now: Date): StoreLockState {
  const base = state ?? NO_STORE_FAILURES(now);
  const today = utcDayStart(now);
  const sameDay = base.dayStartedAt.getTime() === today.getTime();
  const failures = (sameDay ? base.failures : 0) + 1;
  if (failures >= COMPLETION_STORE_DAILY_WRONG_CAP) {
    return { failures, dayStartedAt: today, lockedUntil: nextUtcMidnight(now), locks: base.locks + 1 };
  }
  return { failures, dayStartedAt: today, lockedUntil: null, locks: base.locks };
}

/** An order's wrong codes since its code was issued. */
export interface OrderCodeVerdict {
  /** The count to store on the order. */
  failures: number;
  /** This wrong code was the last its code may take: issue a new one and tell the buyer. */
  replaceCode: boolean;
  /** Wrong codes the current code may still take before it is replaced. */
  triesLeft: number;
}

export function afterOrderWrongCode(failuresSoFar: number): OrderCodeVerdict {
  const failures = failuresSoFar + 1;
  if (failures >= COMPLETION_ORDER_MAX_WRONG) return { failures: 0, replaceCode: true, triesLeft: COMPLETION_ORDER_MAX_WRONG };
  return { failures, replaceCode: false, triesLeft: COMPLETION_ORDER_MAX_WRONG - failures };
}
