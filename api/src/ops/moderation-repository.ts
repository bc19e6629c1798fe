/**
 * Rows that moderation changes: a listing hidden or shown again (by an operator, or for
 * its owner's suspension) and an account's suspension. Queries only; the rules are in
 * moderation.ts, the reads they start from in lookups-repository.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountSuspensions, products, type ProductRow } from '../db/schema';

export async function setHiddenReason(db: DbOrTx, productId: string, reason: ProductRow['hiddenReason']): Promise<void> {
  await db.update(products).set({ hiddenReason: reason }).where(eq(products.id, productId));
}

/** Hides a store's listed products for its owner's suspension; answers their ids. */
export async function hideForSuspension(db: DbOrTx, sellerId: string): Promise<string[]> {
  const rows = await db
    .update(products)
    .set({ hiddenReason: 'suspension' })
    .where(and(eq(products.sellerId, sellerId), isNull(products.hiddenReason)))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

/** Shows again what a suspension hid (an operator's hiding stays); answers their ids. */
export async function showAfterSuspension(db: DbOrTx, sellerId: string): Promise<string[]> {
  const rows = await db
    .update(products)
    .set({ hiddenReason: null })
    .where(and(eq(products.sellerId, sellerId), eq(products.hiddenReason, 'suspension')))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

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
