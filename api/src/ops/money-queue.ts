/**
 * Money that needs a person: payments held for review, payouts and refunds that stopped,
 * and the ledger beside Paystack's balance. Every action goes through the money domain,
 * with the audit row in its transaction.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import type { MoneyQueue, ReviewDecisionBody } from '@campus/shared/schemas';
import { conflict, notFound } from '../lib/domain-errors';
import {
  decideReviewedPayment,
  moneyQueueRows,
  platformFeesBalanceKobo,
  resolvePayoutAttention,
  retryPayoutNow,
  retryRefundNow,
  type AttentionOutcome,
} from '../money';
import { audit, type Actor } from './audit';

/** The queue, and the ledger beside Paystack's balance (Fetch Balance); Paystack unreachable: its side is null. */
export async function moneyQueue(app: FastifyInstance): Promise<MoneyQueue> {
  const [rows, platformFeesKobo] = await Promise.all([moneyQueueRows(app.db), platformFeesBalanceKobo(app.db)]);
  let balance: { ledgerKobo: number; inFlightKobo: number; paystackKobo: number | null; differenceKobo: number | null };
  try {
    balance = await app.payments.checkProviderBalance();
  } catch (error) {
    app.log.warn({ err: error }, "Paystack's balance not read for the money queue");
    const { ledgerKobo, inFlightKobo } = await app.payments.ledgerSideOfBalance();
    balance = { ledgerKobo, inFlightKobo, paystackKobo: null, differenceKobo: null };
  }
  return {
    payments: rows.payments.map((p) => ({
      id: p.id,
      reference: p.reference,
      email: p.email,
      amountKobo: p.amountKobo,
      reviewReason: p.reviewReason,
      createdAt: p.createdAt.toISOString(),
    })),
    payouts: rows.payouts.map((p) => ({
      id: p.id,
      reference: p.reference,
      sellerId: p.sellerId,
      storeName: p.storeName,
      amountKobo: p.amountKobo,
      status: p.status,
      failureReason: p.failureReason,
      attention: p.attention ?? '',
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: rows.refunds.map((r) => ({
      id: r.id,
      paymentReference: r.paymentReference,
      buyerEmail: r.buyerEmail,
      orderId: r.orderId,
      amountKobo: r.amountKobo,
      status: r.status,
      attention: r.attention,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
    })),
    reconciliation: { ...balance, platformFeesKobo, alerts: [...app.payments.moneyAlerts] },
  };
}

/** A queue item's outcome as the API answers it: gone (404), no longer waiting (409), or done. */
function settled<T>(outcome: AttentionOutcome<T>): T {
  if (outcome.kind === 'not-found') throw notFound(MESSAGES.ops.unknownMoneyItem);
  if (outcome.kind === 'not-waiting') throw conflict(MESSAGES.ops.nothingToRetry);
  if (outcome.kind === 'still-pending') throw conflict(MESSAGES.ops.payoutStillPending);
  return outcome.row;
}

/** Accept (the orders are made through the charge's own fulfilment) or refund whole a payment held for review. */
export async function decideReviewPayment(app: FastifyInstance, actor: Actor, paymentId: string, body: ReviewDecisionBody): Promise<void> {
  const now = app.clock.now();
  const outcome = await decideReviewedPayment(
    app.db,
    paymentId,
    body.outcome,
    { config: app.config, completionSecret: app.payments.completionSecret, now },
    (tx) => audit(tx, actor, { action: `payment.${body.outcome}`, recordType: 'payment', recordId: paymentId, reason: body.reason }, now),
  );
  if (outcome.kind === 'not-found') throw notFound(MESSAGES.ops.unknownMoneyItem);
  if (outcome.kind === 'already') throw conflict(MESSAGES.ops.notUnderReview);
  app.payments.afterCommit(outcome.kind === 'fulfilled' ? outcome.productIds : []);
}

export async function retryPayout(app: FastifyInstance, actor: Actor, payoutId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  settled(
    await retryPayoutNow(app.db, payoutId, now, (tx) =>
      audit(tx, actor, { action: 'payout.retry', recordType: 'payout', recordId: payoutId, reason }, now),
    ),
  );
  app.payments.afterCommit([]);
}

export async function resolvePayout(app: FastifyInstance, actor: Actor, payoutId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  settled(
    await resolvePayoutAttention(app.db, payoutId, (tx) =>
      audit(tx, actor, { action: 'payout.resolve', recordType: 'payout', recordId: payoutId, reason }, now),
    ),
  );
}

export async function retryRefund(app: FastifyInstance, actor: Actor, refundId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  const refund = settled(
    await retryRefundNow(app.db, refundId, { config: app.config, now }, (tx) =>
      audit(tx, actor, { action: 'refund.retry', recordType: 'refund', recordId: refundId, reason }, now),
    ),
  );
  // At Paystack already (waiting for an account, or a word not applied): Paystack's word is read again.
  if (refund.status !== 'pending') await app.payments.recheckRefund(refund);
  app.payments.afterCommit([]);
}
