/**
 * The money a person acts on (the operations console's money queue): payouts and refunds the machinery
 * gave up on, or that wait for something it cannot do alone. A person's retry hands the item back to the
 * same machinery (payout-service.ts, refund-service.ts, run by PaymentsService.sendMoneyOut); nothing here
 * moves money itself, so the ledger rows stay those machines' own. Each decision's audit row is written by
 * `record` in the same transaction; an item that no longer waits for a person answers null (decided once).
 */
import type { AppConfig } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { PaymentRow, PayoutRow, RefundRow } from '../../db/schema';
import { refundAccountEmail } from './emails';
import { accountBalance } from './ledger-repository';
import { queueEmail } from './outbox';
import { lockPayout, storeNames, updatePayout } from './payout-repository';
import { moneyNeedingAttention, paymentContacts } from './attention-repository';
import { lockRefundWithBuyerEmail, markRefundForAttention, noteRefundAttempt } from './refund-repository';

export interface MoneyQueueRows {
  payments: PaymentRow[];
  payouts: Array<PayoutRow & { storeName: string }>;
  refunds: Array<RefundRow & { paymentReference: string; buyerEmail: string }>;
}

/** What waits for a person, oldest first, with the names the console shows. */
export async function moneyQueueRows(db: DbOrTx): Promise<MoneyQueueRows> {
  const queue = await moneyNeedingAttention(db);
  const [names, contacts] = await Promise.all([
    storeNames(db, [...new Set(queue.payouts.map((p) => p.sellerId))]),
    paymentContacts(db, [...new Set(queue.refunds.map((r) => r.paymentId))]),
  ]);
  return {
    payments: queue.payments,
    payouts: queue.payouts.map((p) => ({ ...p, storeName: names.get(p.sellerId) ?? '' })),
    refunds: queue.refunds.map((r) => ({
      ...r,
      paymentReference: contacts.get(r.paymentId)?.reference ?? '',
      buyerEmail: contacts.get(r.paymentId)?.email ?? '',
    })),
  };
}

/** The `platform:fees` account's balance (+: the platform paid more in Paystack's fees than it recovered). */
export function platformFeesBalanceKobo(db: DbOrTx): Promise<number> {
  return accountBalance(db, 'platform:fees');
}

export type AttentionOutcome<T> = { kind: 'done'; row: T } | { kind: 'not-found' } | { kind: 'not-waiting' } | { kind: 'still-pending' };

/**
 * Retry: the payout's note is cleared and it is due now. A transfer not yet at Paystack is sent by the next
 * run; one at Paystack (Transfer OTP) is asked of Paystack again; a failed one's money, back in the store's
 * available balance, goes out in a new payout at once (queueStorePayouts waits for no backoff).
 */
export async function retryPayoutNow(
  db: Db,
  payoutId: string,
  now: Date,
  record: (tx: Tx, payout: PayoutRow) => Promise<void>,
): Promise<AttentionOutcome<PayoutRow>> {
  return db.transaction(async (tx): Promise<AttentionOutcome<PayoutRow>> => {
    const payout = await lockPayout(tx, payoutId);
    if (!payout) return { kind: 'not-found' };
    if (payout.attention === null || payout.status === 'success') return { kind: 'not-waiting' };
    await record(tx, payout);
    const row = await updatePayout(tx, payout.id, { attention: null, nextAttemptAt: now });
    return { kind: 'done', row: row ?? payout };
  });
}

/**
 * Resolve: a settled payout (paid, or failed with its money back in the store's available balance) leaves
 * the queue; nothing is sent now. The store's money goes out with its next payout at the usual rhythm.
 * A transfer still on its way is refused: it is retried, or Paystack's word settles it.
 */
export async function resolvePayoutAttention(
  db: Db,
  payoutId: string,
  record: (tx: Tx, payout: PayoutRow) => Promise<void>,
): Promise<AttentionOutcome<PayoutRow>> {
  return db.transaction(async (tx): Promise<AttentionOutcome<PayoutRow>> => {
    const payout = await lockPayout(tx, payoutId);
    if (!payout) return { kind: 'not-found' };
    if (payout.attention === null) return { kind: 'not-waiting' };
    if (payout.status === 'pending') return { kind: 'still-pending' };
    await record(tx, payout);
    const row = await updatePayout(tx, payout.id, { attention: null });
    return { kind: 'done', row: row ?? payout };
  });
}

/**
 * Retry a refund: one whose retries are spent is asked of Paystack again now, its attempts starting over;
 * one waiting for the buyer's bank account gets the buyer's e-mail again; for that one and one at Paystack
 * whose word could not be applied, the caller reads Paystack's word again (PaymentsService.recheckRefund).
 */
export async function retryRefundNow(
  db: Db,
  refundId: string,
  ctx: { config: AppConfig; now: Date },
  record: (tx: Tx, refund: RefundRow) => Promise<void>,
): Promise<AttentionOutcome<RefundRow>> {
  return db.transaction(async (tx): Promise<AttentionOutcome<RefundRow>> => {
    const found = await lockRefundWithBuyerEmail(tx, refundId);
    if (!found) return { kind: 'not-found' };
    const refund = found.refund;
    if (refund.status === 'requested' && refund.attention !== null) {
      // Paystack's word on it could not be applied: the caller reads it again.
      await record(tx, refund);
      await markRefundForAttention(tx, refund.id, null);
      return { kind: 'done', row: { ...refund, attention: null } };
    }
    if (refund.status === 'needs-account') {
      await record(tx, refund);
      await queueEmail(
        tx,
        `refund-account:${refund.id}:${ctx.now.getTime()}`,
        refundAccountEmail(ctx.config, found.email, refund.amountKobo),
        ctx.now,
      );
      return { kind: 'done', row: refund };
    }
    if (refund.status !== 'pending' || refund.attention === null) return { kind: 'not-waiting' };
    await record(tx, refund);
    await noteRefundAttempt(tx, refund.id, { attempts: 0, lastError: refund.lastError ?? '', nextAttemptAt: ctx.now, attention: null });
    return { kind: 'done', row: { ...refund, attention: null, attempts: 0 } };
  });
}
