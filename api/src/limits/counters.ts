/**
 * Fixed-window counters for the security limits, shared by every
 * API instance and kept across restarts. Two stores keep them: the database
 * (table rate_counters, the default; it works on the embedded PGlite too) and
 * Redis when REDIS_URL is set (limits/redis-counters.ts). Every operation is
 * atomic in either store, so instances counting one key at once never lose a
 * hit. Windows follow the app's clock (`now` is passed in), never the store's.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateCounters } from '../db/schema';

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

/** The counters as rows of rate_counters: one atomic upsert or update per operation, on PGlite and on PostgreSQL. */
export function databaseCounters(db: DbOrTx): CounterStore {
  return {
    kind: 'database',

    async hit(key, windowMs, now) {
      const resetAt = new Date(now.getTime() + windowMs);
      const expired = sql`${rateCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateCounters)
        .values({ key, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateCounters.hits} + 1 END`,
            resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateCounters.resetAt} END`,
          },
        })
        .returning({ hits: rateCounters.hits, resetAt: rateCounters.resetAt });
      if (!row) throw new Error('rate counter upsert returned nothing');
      return row;
    },

    async read(key, now) {
      const [row] = await db
        .select({ hits: rateCounters.hits, resetAt: rateCounters.resetAt })
        .from(rateCounters)
        .where(and(eq(rateCounters.key, key), gt(rateCounters.resetAt, now)))
        .limit(1);
      return row ?? null;
    },

    async undo(key, now) {
      await db
        .update(rateCounters)
        .set({ hits: sql`${rateCounters.hits} - 1` })
        .where(and(eq(rateCounters.key, key), gt(rateCounters.resetAt, now), gt(rateCounters.hits, 0)));
    },

    async set(key, state) {
      await db
        .insert(rateCounters)
        .values({ key, ...state })
        .onConflictDoUpdate({ target: rateCounters.key, set: { hits: state.hits, resetAt: state.resetAt } });
    },

    async clear(key) {
      await db.delete(rateCounters).where(eq(rateCounters.key, key));
    },

    async prune(before) {
      const gone = await db.delete(rateCounters).where(lt(rateCounters.resetAt, before)).returning({ key: rateCounters.key });
      return gone.length;
    },
  };
}
