/** What one buyer holds in unpaid checkouts (the MAX_RESERVED_UNITS_PER_BUYER cap in checkout-rules.ts). */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentItems, payments } from '../../db/schema';

/** Units held by the buyer's live checkouts (pending, hold not lapsed). */
export async function unitsHeldByBuyer(tx: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ units: sql<string | null>`sum(${paymentItems.quantity})` })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending'), gt(payments.reservedUntil, now)));
  return Number(row?.units ?? 0);
}
