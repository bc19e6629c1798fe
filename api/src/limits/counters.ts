/**
 * Fixed-window counters for the security limits, shared by every
 * API instance and kept across restarts. Two stores keep them: the database
 * (table rate_counters, the default, limits/counter-repository.ts; it works on
 * the embedded PGlite too) and Redis when REDIS_URL is set (limits/redis-counters.ts). Every operation is
 * atomic in either store, so instances counting one key at once never lose a
 * hit. Windows follow the app's clock (`now` is passed in), never the store's.
 */

/** Whole seconds from now to a window's end, at least 1 (a Retry-After). */
export const secondsUntil = (end: Date, now: Date): number => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

export interface CounterState {
  hits: number;
  resetAt: Date;
}

export interface CounterStore {
  /** Where the counters live, for logs and docs: 'database' or 'redis'. */
  readonly kind: 'database' | 'redis';
  /** Counts one hit for the key; a key whose window has ended starts a new one. */
  hit(key: string, windowMs: number, now: Date): Promise<CounterState>;
  /** The key's live window, or null when it has none. */
  read(key: string, now: Date): Promise<CounterState | null>;
  /** Takes back one hit of a live window (an attempt that turned out not to count). */
  undo(key: string, now: Date): Promise<void>;
  /** Sets the key to exactly this state (a lock until a time). */
  set(key: string, state: CounterState, now: Date): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets windows that ended before `before` (the housekeeping); answers how many. */
  prune(before: Date): Promise<number>;
}
