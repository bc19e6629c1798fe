/**
 * Fixed-window counters in the database (table rate_counters), shared by every
 * API instance and kept across restarts (issue 10). Each statement is one
 * atomic upsert or update, so instances counting the same key at once never
 * lose a hit, on PGlite and on PostgreSQL.
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

/** Counts one hit for the key; a key whose window has ended starts a new one. */
export async function hitCounter(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<CounterState> {
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
}

/** The key's live window, or null when it has none. */
export async function readCounter(db: DbOrTx, key: string, now: Date): Promise<CounterState | null> {
  const [row] = await db
    .select({ hits: rateCounters.hits, resetAt: rateCounters.resetAt })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), gt(rateCounters.resetAt, now)))
    .limit(1);
  return row ?? null;
}

/** Takes back one hit of a live window (an attempt that turned out not to count). */
export async function undoHit(db: DbOrTx, key: string, now: Date): Promise<void> {
  await db
    .update(rateCounters)
    .set({ hits: sql`${rateCounters.hits} - 1` })
    .where(and(eq(rateCounters.key, key), gt(rateCounters.resetAt, now), gt(rateCounters.hits, 0)));
}

/** Sets the key to exactly this state (a lock until a time). */
export async function setCounter(db: DbOrTx, key: string, state: CounterState): Promise<void> {
  await db
    .insert(rateCounters)
    .values({ key, ...state })
    .onConflictDoUpdate({ target: rateCounters.key, set: { hits: state.hits, resetAt: state.resetAt } });
}

export async function clearCounter(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/** Forgets windows that ended before `before`; answers how many. */
export async function pruneCounters(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(rateCounters).where(lt(rateCounters.resetAt, before)).returning({ key: rateCounters.key });
  return gone.length;
}
