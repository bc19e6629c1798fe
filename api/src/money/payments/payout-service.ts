/**
 * Payout rules: a store's released money is batched into one payout at most
 * once per interval, sent, and settled by Paystack's word on the transfer,
 * each step posting its ledger journal and queueing its e-mail in the same
 * transaction. Rows are payout-repository.ts's.
 */
import type { Payout } from '@campus/shared/schemas';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { PayoutRow } from '../../db/schema';
import { toDecimal } from '../../products';
import { generatePayoutReference } from './codes';
import { storeOwner } from './contact-repository';
import { payoutEmail } from './emails';
import { payoutSplit } from './fee-rules';
import { postJournal, postTransfer, storeAccount, storeBalances, storeSide } from './ledger';
import { queueEmail } from './outbox';
import {
  hasOpenPayout,
  insertPayout,
  lastPayoutOf,
  lockPayout,
  lockPayoutByReference,
  lockStore,
  notePendingPayoutsAttention,
  recentSettledPayouts,
  storesWithAvailableMoney,
  updatePayout,
} from './payout-repository';
import { paystackTransferFeeKobo } from './paystack/fees';

export interface PayoutContext {
  config: AppConfig;
  now: Date;
}

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: toDecimal(row.amountKobo),
    fee: toDecimal(row.feeKobo),
    status: row.status,
    reference: row.reference,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/**
 * The payout leaves the store's available money: its amount goes in transfer and its transfer fee to the
 * platform, which pays Paystack's fee when the transfer settles (once per payout; ledger.ts's signs).
 */
function postPayoutSent(tx: Tx, payout: PayoutRow, now: Date) {
  const lines = [
    { account: storeAccount(payout.sellerId, 'available'), amountKobo: payout.amountKobo + payout.feeKobo, sellerId: payout.sellerId },
    { account: storeAccount(payout.sellerId, 'payout'), amountKobo: -payout.amountKobo, sellerId: payout.sellerId },
    ...(payout.feeKobo > 0 ? [{ account: 'platform:fees' as const, amountKobo: -payout.feeKobo }] : []),
  ];
  return postJournal(tx, 'payout', lines, { payoutId: payout.id }, now);
}

/** A transfer that did not arrive: its amount and its withheld fee are the store's available money again. */
function postPayoutReturned(tx: Tx, payout: PayoutRow, now: Date) {
  const lines = [
    { account: storeAccount(payout.sellerId, 'payout'), amountKobo: payout.amountKobo, sellerId: payout.sellerId },
    ...(payout.feeKobo > 0 ? [{ account: 'platform:fees' as const, amountKobo: payout.feeKobo }] : []),
    { account: storeAccount(payout.sellerId, 'available'), amountKobo: -(payout.amountKobo + payout.feeKobo), sellerId: payout.sellerId },
  ];
  return postJournal(tx, 'payout-returned', lines, { payoutId: payout.id }, now);
}

/**
 * Moves the payout's amount from available to in-transfer (once per payout) and notes the transfer.
 * `attention`: the transfer is at Paystack but waits for a person (Transfer OTP is on).
 */
export async function markPayoutSent(
  db: Db,
  payoutId: string,
  recipientCode: string | null,
  transferCode: string,
  now: Date,
  attention: string | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    // Settled meanwhile (its webhook came first): that posted the journal; nothing to note.
    if (!payout || payout.status !== 'pending') return;
    await postPayoutSent(tx, payout, now);
    await updatePayout(tx, payout.id, {
      recipientCode,
      transferCode,
      attempts: payout.attempts + 1,
      failureReason: null,
      nextAttemptAt: null,
      attention,
    });
  });
}

/** How often a payout that Paystack would not take is tried again before a person must look. */
export const MAX_PAYOUT_SEND_ATTEMPTS = 8;
/** How many transfers in a row may fail for one store before a person must look (each is a new payout). */
export const MAX_PAYOUT_TRANSFERS = 5;

/**
 * A payout that could not even be sent (no recipient, Paystack refused): retried later with backoff, and
 * after MAX_PAYOUT_SEND_ATTEMPTS left for a person. `reason` is shown to the seller.
 */
export async function markPayoutNotSent(
  db: DbOrTx,
  payout: PayoutRow,
  reason: string,
  now: Date,
  why: 'refused' | 'balance-short' = 'refused',
): Promise<void> {
  if (why === 'balance-short') {
    // Waiting for money at Paystack is not the payout's fault: tried again hourly, not counted as an attempt.
    await updatePayout(db, payout.id, { failureReason: reason.slice(0, 300), nextAttemptAt: new Date(now.getTime() + 60 * 60 * 1000) });
    return;
  }
  const attempts = payout.attempts + 1;
  const delayMs = Math.min(24 * 60 * 60 * 1000, 5 * 60_000 * 2 ** Math.min(payout.attempts, 8));
  const spent = attempts >= MAX_PAYOUT_SEND_ATTEMPTS ? `Not sent after ${attempts} attempts: ${reason}` : null;
  await updatePayout(db, payout.id, {
    attempts,
    failureReason: reason.slice(0, 300),
    nextAttemptAt: new Date(now.getTime() + delayMs),
    attention: spent?.slice(0, 500) ?? null,
  });
}

/** What the seller is told when Paystack gives no reason of its own. */
const TRANSFER_FAILURE_TEXT: Record<Exclude<TransferWord['outcome'], 'success'>, string> = {
  failed: 'The transfer failed',
  reversed: 'The transfer was reversed by the bank',
  abandoned: 'The transfer was not approved in time',
  blocked: 'The transfer was not approved',
  rejected: 'The transfer was rejected',
};

export interface TransferWord {
  /** Paystack's conclusive transfer states: success, or one in which the money stayed (or came back). */
  outcome: 'success' | 'failed' | 'reversed' | 'abandoned' | 'blocked' | 'rejected';
  /** Paystack's or the bank's word on a failure (gateway_response), never our own narration. */
  reason: string | null;
  /** Paystack's fee on the transfer when it said (fee_charged); else its published schedule's. */
  feeKobo: number | null;
}

/** The store's owner, told of the payout's outcome (none: no e-mail). */
type Owner = Awaited<ReturnType<typeof storeOwner>>;

/**
 * Paystack's word on a transfer (webhook or verify). Paystack knows the
 * transfer, so it was sent: the `payout` journal (available → in transfer) is
 * posted first if a crash came before we noted the sending. Then:
 * - success, only from pending: the money left (in transfer → out of paystack);
 * - failed, only from pending; reversed, from pending or after a success: the
 *   money is back in the store's available balance and a new attempt is
 *   queued with its own reference (a reference pays once at Paystack).
 * Anything else (a success after a failure, a repeat) changes nothing.
 */
export async function settlePayout(
  db: Db,
  reference: string,
  word: TransferWord,
  ctx: PayoutContext,
): Promise<{ payout: PayoutRow } | null> {
  const { outcome } = word;
  const { now } = ctx;
  return db.transaction(async (tx) => {
    const payout = await lockPayoutByReference(tx, reference);
    if (!payout) return null;
    const owner = await storeOwner(tx, payout.sellerId);
    const reversible = payout.status === 'pending' || (outcome === 'reversed' && payout.status === 'success');
    if (!reversible) {
      if (outcome === 'success' && payout.status === 'failed') await holdPaidAfterFailure(tx, payout);
      return { payout };
    }
    await postPayoutSent(tx, payout, now);

    if (outcome === 'success') return { payout: await settlePaidPayout(tx, payout, word, owner, ctx) };
    return { payout: await settleUnpaidPayout(tx, payout, outcome, word.reason, owner, ctx) };
  });
}

/** Paid after all, and a retry may be queued for the same money: a person looks before it goes out. */
async function holdPaidAfterFailure(tx: Tx, payout: PayoutRow): Promise<void> {
  const why = 'Paystack reported this transfer paid after it was reported failed: check it before the retry is sent';
  await updatePayout(tx, payout.id, { attention: why });
  await notePendingPayoutsAttention(tx, payout.sellerId, why);
}

/** Success from pending: the money left Paystack (its transfer fee too), the payout is paid, the store told. */
async function settlePaidPayout(tx: Tx, payout: PayoutRow, word: TransferWord, owner: Owner, ctx: PayoutContext): Promise<PayoutRow> {
  const { now } = ctx;
  await postTransfer(
    tx,
    'payout-settled',
    storeSide(payout.sellerId, 'payout'),
    { account: 'paystack' },
    payout.amountKobo,
    { payoutId: payout.id },
    now,
  );
  // Paystack takes its transfer fee from our balance besides the amount; the platform bears it, like the charge fee.
  const fee = word.feeKobo ?? paystackTransferFeeKobo(payout.amountKobo);
  if (fee > 0)
    await postTransfer(tx, 'transfer-fee', { account: 'platform:fees' }, { account: 'paystack' }, fee, { payoutId: payout.id }, now);
  const done = await updatePayout(tx, payout.id, { status: 'success', settledAt: now, failureReason: null, attention: null });
  if (owner)
    await queueEmail(
      tx,
      `payout:${payout.id}`,
      payoutEmail(ctx.config, owner.email, payout.reference, payout.amountKobo, 'success', null),
      now,
    );
  return done ?? payout;
}

/**
 * Failed from pending, or reversed (from pending or after a success): the money is the store's available
 * money again, the payout failed with Paystack's reason, a new attempt waits its backoff, the store told.
 */
async function settleUnpaidPayout(
  tx: Tx,
  payout: PayoutRow,
  outcome: Exclude<TransferWord['outcome'], 'success'>,
  reason: string | null,
  owner: Owner,
  ctx: PayoutContext,
): Promise<PayoutRow> {
  const { now } = ctx;
  if (payout.status === 'success') {
    // Reversed after it had arrived: the money came back to our Paystack balance; the store is owed it again.
    // sellerId on the paystack side too: the store's paid-out figure subtracts it (ledger.ts storeBalances).
    // Paystack keeps its transfer fee on a reversal: the store is owed the amount, the fee stays spent.
    const paystack = { account: 'paystack' as const, sellerId: payout.sellerId };
    await postTransfer(
      tx,
      'payout-returned',
      paystack,
      storeSide(payout.sellerId, 'available'),
      payout.amountKobo,
      { payoutId: payout.id },
      now,
    );
  } else {
    await postPayoutReturned(tx, payout, now);
  }
  const why = reason ?? TRANSFER_FAILURE_TEXT[outcome];
  // The money waits in the store's available balance for its next payout, after a backoff that grows with
  // each failure in a row; past the cap a person looks and no new payout is made (queueStorePayouts).
  const failures = (await failuresInARow(tx, payout.sellerId, payout.id)) + 1;
  const spent = failures >= MAX_PAYOUT_TRANSFERS ? `${failures} transfers did not go through; the last: ${why}` : null;
  const failed = await updatePayout(tx, payout.id, {
    status: outcome === 'reversed' ? 'reversed' : 'failed',
    failureReason: why.slice(0, 300),
    settledAt: null,
    attention: spent,
    nextAttemptAt: new Date(now.getTime() + Math.min(24 * 60 * 60 * 1000, 15 * 60_000 * 2 ** Math.min(failures - 1, 6))),
  });
  if (owner)
    await queueEmail(
      tx,
      `payout-failed:${payout.id}`,
      payoutEmail(ctx.config, owner.email, payout.reference, payout.amountKobo, 'failed', why),
      now,
    );
  return failed ?? payout;
}

/** The store's transfers that failed (or were reversed) one after another, newest first, up to its last success. */
async function failuresInARow(tx: DbOrTx, sellerId: string, exceptId: string): Promise<number> {
  const recent = await recentSettledPayouts(tx, sellerId, MAX_PAYOUT_TRANSFERS + 1);
  let failures = 0;
  for (const row of recent) {
    if (row.id === exceptId) continue;
    if (row.status === 'success') break;
    failures += 1;
  }
  return failures;
}

export interface PayoutRhythm {
  /** A store is paid at most once per interval (0: at every reconciliation). */
  intervalMs: number;
  /** Nothing is sent below this (at least Paystack's ₦100 minimum transfer). */
  minimumKobo: number;
}

/**
 * Payouts are batched per store: each store whose available money reaches the minimum gets one payout of
 * all of it (less Paystack's transfer fee, fee-rules.ts payoutSplit), at most once per interval. None while the
 * store has a payout on its way or one a person must look at, nor before a failed transfer's backoff ends.
 * One pending payout per store is also a unique index, so a repeated run never pays twice.
 */
export async function queueStorePayouts(db: Db, now: Date, rhythm: PayoutRhythm): Promise<PayoutRow[]> {
  const queued: PayoutRow[] = [];
  for (const sellerId of await storesWithAvailableMoney(db, rhythm.minimumKobo)) {
    const row = await db.transaction(async (tx) => {
      // The store's row is the lock: two instances queueing at once wait for each other.
      await lockStore(tx, sellerId);
      if (await hasOpenPayout(tx, sellerId)) return null;
      const last = await lastPayoutOf(tx, sellerId);
      if (last) {
        const failed = last.status === 'failed' || last.status === 'reversed';
        const notBefore = failed ? (last.nextAttemptAt ?? now) : new Date(last.createdAt.getTime() + rhythm.intervalMs);
        if (notBefore > now) return null;
      }
      const { availableKobo } = await storeBalances(tx, sellerId);
      if (availableKobo < rhythm.minimumKobo) return null;
      const split = payoutSplit(availableKobo);
      return insertPayout(
        tx,
        { sellerId, amountKobo: split.amountKobo, feeKobo: split.feeKobo, reference: generatePayoutReference() },
        now,
      );
    });
    if (row) queued.push(row);
  }
  return queued;
}
