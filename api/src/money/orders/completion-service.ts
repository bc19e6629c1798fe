/**
 * Completion by the buyer's code: the seller enters it, a match releases the
 * order's money (release-service.ts); a wrong code counts on the order (the
 * last one replaces its code and e-mails the buyer) and on the store's day
 * (completion-lock.ts holds the counting rules).
 */
import { timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@campus/shared/messages';
import type { Db, Tx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { conflict, forbidden } from '../../lib/domain-errors';
import { completionLookup, encryptCompletionCode } from '../payments/codes';
import { unusedCompletionCode } from '../payments/code-repository';
import { buyerEmail, storeOwner } from '../payments/contact-repository';
import { queueEmail } from '../payments/outbox';
import {
  COMPLETION_ORDER_MAX_WRONG,
  afterOrderWrongCode,
  afterStoreWrongCode,
  storeLockRemainingMs,
  utcDayStart,
  type StoreLockState,
} from './completion-lock';
import { completionCodeReplacedEmail } from './emails';
import { lockOrder, type MoveContext } from './move-service';
import { releaseOrderMoney, type ReleasedMoney } from './release-service';
import { lockStoreCompletion, saveStoreCompletion, updateOrder, type CompletionLockRow } from './repository';
import { isOpen } from './status-rules';

export type CompletionOutcome =
  | { kind: 'completed'; orderId: string; release: ReleasedMoney }
  /** A wrong code: `triesLeft` more on this order before its code is replaced; `storeLockedForMs` once the daily cap is hit. */
  | { kind: 'wrong'; triesLeft: number; storeLockedForMs: number }
  /** The wrong code that replaced the order's code (the buyer was e-mailed the new one). */
  | { kind: 'replaced'; storeLockedForMs: number }
  | { kind: 'locked'; remainingMs: number };

function storeLockState(row: CompletionLockRow | undefined): StoreLockState | null {
  return row ? { failures: row.failures, dayStartedAt: row.windowStartedAt, lockedUntil: row.lockedUntil, locks: row.locks } : null;
}

/** Constant-time: the HMAC of the code entered against the order's. */
function codeMatches(order: OrderRow, secret: string, code: string): boolean {
  if (!order.completionLookup) return false;
  const entered = Buffer.from(completionLookup(secret, order.sellerId, code), 'hex');
  const expected = Buffer.from(order.completionLookup, 'hex');
  return entered.length === expected.length && timingSafeEqual(entered, expected);
}

/**
 * The seller enters the buyer's code for the order they picked. The order
 * must be this store's and open; the code is checked against that order only
 * (constant-time HMAC compare). A match delivers the order, releases its money
 * to the store (less the platform fee) and queues the payout. A wrong code
 * counts on the order (the fifth replaces its code and e-mails the buyer) and
 * on the store's day (at the cap the store is locked until midnight UTC;
 * while locked, no order or code is looked at). The store's row, then the
 * order's, are locked first: concurrent attempts queue, none is lost.
 */
export async function completeWithCode(
  db: Db,
  sellerId: string,
  orderId: string,
  code: string,
  secret: string,
  ctx: MoveContext,
): Promise<CompletionOutcome> {
  const { now } = ctx;
  return db.transaction(async (tx): Promise<CompletionOutcome> => {
    // The store's completion row is the lock every attempt of this store queues on.
    const lockRow = await lockStoreCompletion(tx, sellerId, utcDayStart(now));
    const state = storeLockState(lockRow);
    const remainingMs = storeLockRemainingMs(state, now);
    if (remainingMs > 0) return { kind: 'locked', remainingMs };

    const order = await lockOrder(tx, orderId);
    if (order.sellerId !== sellerId) throw forbidden(MESSAGES.orders.notYourStore);
    if (!isOpen(order.status) || !order.completionLookup) throw conflict(MESSAGES.completion.orderNotOpen);

    if (!codeMatches(order, secret, code)) return countWrongCode(tx, order, state, secret, ctx);

    const release = await releaseOrderMoney(tx, order, ctx);
    return { kind: 'completed', orderId: order.id, release };
  });
}

/**
 * A wrong code, counted on the store's day and on the order; the order's last
 * allowed wrong code replaces its code and e-mails the buyer the new one.
 */
async function countWrongCode(
  tx: Tx,
  order: OrderRow,
  state: StoreLockState | null,
  secret: string,
  ctx: MoveContext,
): Promise<CompletionOutcome> {
  const { now } = ctx;
  const sellerId = order.sellerId;
  const store = afterStoreWrongCode(state, now);
  await saveStoreCompletion(tx, sellerId, store);
  const storeLockedForMs = storeLockRemainingMs(store, now);
  const verdict = afterOrderWrongCode(order.completionFailures);
  if (!verdict.replaceCode) {
    await updateOrder(tx, order.id, { completionFailures: verdict.failures });
    return { kind: 'wrong', triesLeft: verdict.triesLeft, storeLockedForMs };
  }
  // The old code stops working; the buyer reads the new one from the sealed copy (their Orders) and the e-mail.
  const newCode = await unusedCompletionCode(tx, secret, sellerId);
  const reissues = order.completionReissues + 1;
  await updateOrder(tx, order.id, {
    completionLookup: completionLookup(secret, sellerId, newCode),
    completionSealed: encryptCompletionCode(secret, order.id, newCode),
    completionFailures: verdict.failures,
    completionReissues: reissues,
    updatedAt: now,
  });
  const buyer = await buyerEmail(tx, order.buyerId);
  const owner = await storeOwner(tx, sellerId);
  if (buyer) {
    await queueEmail(
      tx,
      `completion-replaced:${order.id}:${reissues}`,
      completionCodeReplacedEmail(ctx.config, buyer, {
        orderCode: order.orderCode,
        storeName: owner?.catalogueName ?? 'the store',
        wrongCodes: COMPLETION_ORDER_MAX_WRONG,
        newCode,
      }),
      now,
    );
  }
  return { kind: 'replaced', storeLockedForMs };
}
