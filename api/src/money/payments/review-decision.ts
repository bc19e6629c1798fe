/**
 * A person's decision on a payment held in `review` (the operations console's
 * money queue): fulfilled as paid through fulfilment-service.ts's own
 * fulfilment, or refunded whole, in one transaction with the decision's audit row.
 */
import type { Db, Tx } from '../../db/client';
import { fulfilPayment, refundWholePayment, type FulfilContext, type FulfilOutcome } from './fulfilment-service';
import { lockPaymentByReference, paymentById } from './fulfilment-repository';

/**
 * A person's decision on a payment held in `review` (Paystack took another currency): `accept` fulfils it as
 * paid the checkout's amount in naira, through the charge's own fulfilment (its orders made; refunded whole if
 * the items are gone since); `refund` gives it all back. Once: a decided payment is no longer in review
 * ('already' answered). `record` writes the decision's audit row in the same transaction.
 */
export async function decideReviewedPayment(
  db: Db,
  paymentId: string,
  outcome: 'accept' | 'refund',
  ctx: FulfilContext,
  record: (tx: Tx) => Promise<void>,
): Promise<FulfilOutcome> {
  const held = await paymentById(db, paymentId);
  if (!held) return { kind: 'not-found' };
  if (outcome === 'accept') {
    return fulfilPayment(db, { reference: held.reference, amount: held.amountKobo, currency: 'NGN' }, ctx, { record });
  }
  return db.transaction(async (tx): Promise<FulfilOutcome> => {
    const payment = await lockPaymentByReference(tx, held.reference);
    if (!payment) return { kind: 'not-found' };
    if (payment.status !== 'review' || payment.fulfilledAt || payment.refundedAt) return { kind: 'already', payment };
    await record(tx);
    return refundWholePayment(tx, payment, payment.amountKobo, ctx, {
      reason: 'Refunded after review',
      buyerWhy: 'The campus team checked your payment and refunds it in full.',
      ...(payment.reviewReason ? { reviewReason: payment.reviewReason } : {}),
    });
  });
}
