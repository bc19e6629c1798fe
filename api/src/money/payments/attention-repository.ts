/**
 * The money queue's reads (attention-service.ts): refunds, payouts and payments
 * that wait for a person, and the payments' references and buyers' addresses
 * the queue names them by.
 */
import { and, asc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, payouts, refunds, type PaymentRow, type PayoutRow, type RefundRow } from '../../db/schema';

/**
 * Money a person must act on (the operations console's money queue reads these): refunds and payouts marked for
 * a person, refunds waiting for the buyer's bank account, and payments held in `review` (paid in another currency: at Paystack, with no journal and no order
 * until someone decides).
 */
export async function moneyNeedingAttention(db: DbOrTx): Promise<{ refunds: RefundRow[]; payouts: PayoutRow[]; payments: PaymentRow[] }> {
  const [refundRows, payoutRows, paymentRows] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(and(or(isNotNull(refunds.attention), eq(refunds.status, 'needs-account')), ne(refunds.status, 'processed')))
      .orderBy(asc(refunds.createdAt))
      .limit(200),
    db.select().from(payouts).where(isNotNull(payouts.attention)).orderBy(asc(payouts.createdAt)).limit(200),
    db.select().from(payments).where(eq(payments.status, 'review')).orderBy(asc(payments.createdAt)).limit(200),
  ]);
  return { refunds: refundRows, payouts: payoutRows, payments: paymentRows };
}

/** The reference and buyer's e-mail of each payment (the money queue names refunds by them). */
export async function paymentContacts(
  db: DbOrTx,
  paymentIds: readonly string[],
): Promise<Map<string, { reference: string; email: string }>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.id, reference: payments.reference, email: payments.email })
    .from(payments)
    .where(inArray(payments.id, [...paymentIds]));
  return new Map(rows.map((r) => [r.id, { reference: r.reference, email: r.email }]));
}
