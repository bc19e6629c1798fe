/**
 * Refund rows: recorded (by a fulfilment that cannot make an order, an order's
 * cancellation, a dispute's decision), asked of Paystack, followed by
 * Paystack's id, and waiting for a buyer's bank account. The rules are
 * refund-service.ts's (Paystack's word applied) and refund-runner.ts's
 * (Paystack outside the transactions).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { payments, refunds, type RefundRow } from '../../db/schema';

export async function insertRefund(
  tx: DbOrTx,
  refund: { paymentId: string; orderId: string | null; amountKobo: number; reason: string },
  now: Date,
): Promise<void> {
  await tx
    .insert(refunds)
    .values({ id: randomUUID(), ...refund, status: 'pending', createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing();
}

export type DueRefund = RefundRow & { reference: string; paystackTransactionId: number | null };

/** Refunds to ask of Paystack now: not yet there, due, and not waiting for a person. */
export async function dueRefunds(db: DbOrTx, now: Date): Promise<DueRefund[]> {
  const rows = await db
    .select({ refund: refunds, reference: payments.reference, transactionId: payments.paystackTransactionId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(eq(refunds.status, 'pending'), isNull(refunds.attention), or(isNull(refunds.nextAttemptAt), lte(refunds.nextAttemptAt, now))),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(50);
  return rows.map((r) => ({ ...r.refund, reference: r.reference, paystackTransactionId: r.transactionId }));
}

/** Noted (committed) before the request goes to Paystack: a later run then knows Paystack may have it. */
export async function markRefundSending(db: DbOrTx, refundId: string, now: Date): Promise<void> {
  await db.update(refunds).set({ sendingAt: now }).where(eq(refunds.id, refundId));
}

/** Notes Paystack's numeric id of a paid transaction (payments paid before it was kept learn it on their first refund). */
export async function notePaystackTransactionId(db: DbOrTx, paymentId: string, transactionId: number): Promise<void> {
  await db.update(payments).set({ paystackTransactionId: transactionId }).where(eq(payments.id, paymentId));
}

/** The Paystack refund ids of this payment's refunds that we know of. */
export async function knownPaystackRefundIds(db: DbOrTx, paymentId: string): Promise<Set<number>> {
  const rows = await db
    .select({ id: refunds.paystackRefundId })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), isNotNull(refunds.paystackRefundId)));
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}

/** Paystack took the request: the refund is followed by Paystack's id from now on. */
export async function markRefundRequested(
  db: DbOrTx,
  refundId: string,
  paystackRefundId: number,
  paystackStatus: string,
  now: Date,
): Promise<void> {
  await db
    .update(refunds)
    .set({ status: 'requested', paystackRefundId, paystackStatus, requestedAt: now, lastError: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/** Notes a failed or postponed request of a refund (refund-service.ts markRefundRetry decides what). */
export async function noteRefundAttempt(
  db: DbOrTx,
  refundId: string,
  attempt: { attempts?: number; lastError: string; nextAttemptAt: Date; attention?: string | null },
): Promise<void> {
  await db.update(refunds).set(attempt).where(eq(refunds.id, refundId));
}

/** A refund needs a person now (Paystack refused it in a way a retry cannot mend). */
export async function markRefundForAttention(db: DbOrTx, refundId: string, why: string | null): Promise<void> {
  await db
    .update(refunds)
    .set({ attention: why?.slice(0, 500) ?? null })
    .where(eq(refunds.id, refundId));
}

export type FollowedRefund = RefundRow & { reference: string; buyerEmail: string };

/** Refunds Paystack has and has not finished (by its id), of one payment or, for the sweeper, any asked about before `checkedBefore`. */
export async function refundsAtPaystack(db: DbOrTx, filter: { reference: string } | { requestedBefore: Date }): Promise<FollowedRefund[]> {
  const rows = await db
    .select({ refund: refunds, reference: payments.reference, buyerEmail: payments.email })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        // The sweep reads refunds under way only: one waiting for the buyer's account moves when they give it.
        'reference' in filter ? inArray(refunds.status, ['requested', 'needs-account']) : eq(refunds.status, 'requested'),
        isNotNull(refunds.paystackRefundId),
        'reference' in filter ? eq(payments.reference, filter.reference) : lte(refunds.requestedAt, filter.requestedBefore),
      ),
    )
    .orderBy(asc(refunds.requestedAt))
    .limit(100);
  return rows.map((r) => ({ ...r.refund, reference: r.reference, buyerEmail: r.buyerEmail }));
}

/** A refund of this payment that may be at Paystack unnoted (its request went out, no answer noted): a webhook must wait for it. */
export async function refundMayBeUnnoted(db: DbOrTx, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.reference, reference), eq(refunds.status, 'pending'), isNotNull(refunds.sendingAt)))
    .limit(1);
  return row !== undefined;
}

/** The refund, locked for the rest of the transaction, with its buyer's e-mail address. */
export async function lockRefundWithBuyerEmail(tx: Tx, refundId: string): Promise<{ refund: RefundRow; email: string } | null> {
  const [row] = await tx
    .select({ refund: refunds, email: payments.email })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId))
    .limit(1)
    .for('update', { of: refunds });
  return row ?? null;
}

export async function markRefundProcessed(tx: DbOrTx, refundId: string, paystackStatus: string, now: Date): Promise<void> {
  await tx.update(refunds).set({ status: 'processed', paystackStatus, processedAt: now, attention: null }).where(eq(refunds.id, refundId));
}

/** Paystack's refund failed: the row is pending again, to be asked for as a new Paystack refund. */
export async function reopenFailedRefund(tx: DbOrTx, refundId: string, paystackStatus: string): Promise<void> {
  await tx
    .update(refunds)
    .set({ status: 'pending', paystackStatus, paystackRefundId: null, requestedAt: null, sendingAt: null })
    .where(eq(refunds.id, refundId));
}

export async function markRefundNeedsAccount(tx: DbOrTx, refundId: string, paystackStatus: string): Promise<void> {
  await tx.update(refunds).set({ status: 'needs-account', paystackStatus }).where(eq(refunds.id, refundId));
}

export async function markRefundUnderWay(tx: DbOrTx, refundId: string, paystackStatus: string): Promise<void> {
  await tx.update(refunds).set({ status: 'requested', paystackStatus }).where(eq(refunds.id, refundId));
}

/** A refund of this buyer's that waits for their bank account, with what Retry Refund needs. */
export async function refundAwaitingAccount(db: DbOrTx, refundId: string): Promise<(RefundRow & { userId: string }) | null> {
  const [row] = await db
    .select({ refund: refunds, userId: payments.userId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId))
    .limit(1);
  return row ? { ...row.refund, userId: row.userId } : null;
}

/** This buyer's refunds that wait for their bank account. */
export async function refundsAwaitingAccountOf(db: DbOrTx, userId: string): Promise<RefundRow[]> {
  const rows = await db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.userId, userId), eq(refunds.status, 'needs-account')))
    .orderBy(asc(refunds.createdAt));
  return rows.map((r) => r.refund);
}
