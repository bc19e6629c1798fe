/** The counters of the security limits as rows of rate_counters (the default store; limits/counters.ts). */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateCounters } from '../db/schema';
import type { CounterStore } from './counters';

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
