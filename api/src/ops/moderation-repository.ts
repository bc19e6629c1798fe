/**
 * Rows that moderation changes: an account's suspension (hiding a listing is the products
 * domain's to write: setHiddenReason, hideForSuspension, showAfterSuspension). Queries only;
 * the rules are in moderation.ts, the reads they start from in lookups-repository.ts.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountSuspensions } from '../db/schema';

/** True when the account was not suspended before. */
export async function insertSuspension(db: DbOrTx, row: typeof accountSuspensions.$inferInsert): Promise<boolean> {
  const rows = await db.insert(accountSuspensions).values(row).onConflictDoNothing().returning({ userId: accountSuspensions.userId });
  return rows.length > 0;
}

/** True when the account was suspended. */
export async function deleteSuspension(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .delete(accountSuspensions)
    .where(eq(accountSuspensions.userId, userId))
    .returning({ userId: accountSuspensions.userId });
  return rows.length > 0;
}
