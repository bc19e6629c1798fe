/**
 * Refund rules: how a refund that failed at Paystack is tried again (backoff,
 * then a person), and Paystack's word on one of our refunds applied once, with
 * its ledger journal and e-mail in the same transaction. Rows are refund-repository.ts's.
 */
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { RefundRow } from '../../db/schema';
import { refundAccountEmail } from './emails';
import { postTransfer } from './ledger';
import { queueEmail } from './outbox';
import {
  lockRefundWithBuyerEmail,
  markRefundNeedsAccount,
  markRefundProcessed,
  markRefundUnderWay,
  noteRefundAttempt,
  reopenFailedRefund,
} from './refund-repository';

/** How many times a refund is asked of Paystack again after it failed there, before a person must look. */
export const MAX_REFUND_ATTEMPTS = 5;

/** Waiting for money at Paystack is not the refund's fault: tried again hourly, and not counted as an attempt. */
const BALANCE_WAIT_MS = 60 * 60 * 1000;

export async function markRefundRetry(
  db: DbOrTx,
  refund: RefundRow,
  error: string,
  now: Date,
  why: 'failed' | 'balance-short' = 'failed',
): Promise<void> {
  if (why === 'balance-short') {
    await noteRefundAttempt(db, refund.id, { lastError: error.slice(0, 500), nextAttemptAt: new Date(now.getTime() + BALANCE_WAIT_MS) });
    return;
  }
  const attempts = refund.attempts + 1;
  const delayMs = Math.min(6 * 60 * 60 * 1000, 60_000 * 2 ** Math.min(refund.attempts, 10));
  await noteRefundAttempt(db, refund.id, {
    attempts,
    lastError: error.slice(0, 500),
    nextAttemptAt: new Date(now.getTime() + delayMs),
    ...(attempts >= MAX_REFUND_ATTEMPTS ? { attention: `Not refunded after ${attempts} attempts: ${error}`.slice(0, 500) } : {}),
  });
}

export interface RefundWordContext {
  config: AppConfig;
  now: Date;
}

/**
 * Paystack's word on one of our refunds, read by its refund id (Fetch Refund), applied once:
 * - pending, processing: still under way;
 * - processed: settled (ledger: refunds → out of paystack);
 * - failed: Paystack put the money back on the transaction: asked again as a new refund, up to
 *   MAX_REFUND_ATTEMPTS times, then a person looks;
 * - needs-attention: Paystack needs the buyer's bank account (a bank-transfer or USSD payment): the buyer
 *   is asked by e-mail, and their answer is sent with Retry Refund.
 */
export async function applyRefundWord(
  db: Db,
  refundId: string,
  paystackRefundId: number,
  status: string,
  ctx: RefundWordContext,
): Promise<void> {
  const { now } = ctx;
  await db.transaction(async (tx) => {
    const row = await lockRefundWithBuyerEmail(tx, refundId);
    if (!row) return;
    const r = row.refund;
    if (r.status === 'processed' || r.status === 'pending') return;
    // A word about an earlier Paystack refund of this row (failed, and asked again since) is not about this one.
    if (r.paystackRefundId !== paystackRefundId) return;
    if (status === 'processed') {
      await postTransfer(
        tx,
        'refund-settled',
        { account: 'refunds' },
        { account: 'paystack' },
        r.amountKobo,
        { paymentId: r.paymentId, ...(r.orderId ? { orderId: r.orderId } : {}) },
        now,
      );
      await markRefundProcessed(tx, r.id, status, now);
    } else if (status === 'failed') {
      // Paystack's refund is over; a new one is asked for (a new Paystack id).
      await reopenFailedRefund(tx, r.id, status);
      await markRefundRetry(tx, { ...r, status: 'pending' }, 'Paystack could not process the refund', now);
    } else if (status === 'needs-attention') {
      if (r.status !== 'needs-account') {
        await markRefundNeedsAccount(tx, r.id, status);
        await queueEmail(tx, `refund-account:${r.id}`, refundAccountEmail(ctx.config, row.email, r.amountKobo), now);
      }
    } else if (status === 'pending' || status === 'processing') {
      await markRefundUnderWay(tx, r.id, status);
    }
  });
}
