/**
 * One money-out run at a time across API instances: the database advisory
 * lock money-out.ts takes before it sends refunds and payouts. Named a
 * repository because it speaks SQL (only *repository.ts files may).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Any fixed 64-bit number: the advisory lock every API instance takes to send refunds and payouts. */
const MONEY_OUT_LOCK = 7_231_011_425;

/**
 * Runs `work` only if no other API instance on this PostgreSQL database is
 * sending money out right now (a transaction-scoped advisory lock held on one
 * pooled connection while `work` runs on others); answers false when another
 * holds it. PGlite serves one process, so there `work` simply runs.
 */
export async function withMoneyOutLock(db: Db, driver: 'pglite' | 'postgres', work: () => Promise<void>): Promise<boolean> {
  if (driver === 'pglite') {
    await work();
    return true;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ got: sql<boolean>`pg_try_advisory_xact_lock(${MONEY_OUT_LOCK})` }).from(sql`(SELECT 1) AS one`);
    if (!row?.got) return false;
    await work();
    return true;
  });
}
