/**
 * Orders after payment: the buyer's and the store's lists, status
 * moves with refunds, completion by the buyer's code (money released for the
 * store's next payout, payments/payout-service.ts), and ratings from real
 * purchases. Every change locks the order (or the store's completion row)
 * first, so two of them never race, and posts its ledger journal in the same
 * transaction. Rows are read and written by repository.ts.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { OrderStatus } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import type { BuyerOrder, Dispute, Order, Rating, SellerOrder } from '@campus/shared/schemas';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/domain-errors';
import { recordOrderStatusEvents } from '../../messages';
import { refreshRatingSummary, toDecimal } from '../../products';
import { completionLookup, decryptCompletionCode, encryptCompletionCode, generateSettlementCode } from '../payments/codes';
import { unusedCompletionCode } from '../payments/code-repository';
import { buyerEmail, storeOwner } from '../payments/contact-repository';
import { orderCancelledEmail, orderCompletedEmail, orderStatusEmail, refundEmail } from '../payments/emails';
import { buyerCancelRefundKobo, releaseSplit } from '../payments/fee-rules';
import { postJournal, storeAccount } from '../payments/ledger';
import { queueEmail } from '../payments/outbox';
import { insertRefund } from '../payments/repository';
import {
  COMPLETION_ORDER_MAX_WRONG,
  afterOrderWrongCode,
  afterStoreWrongCode,
  storeLockRemainingMs,
  utcDayStart,
  type StoreLockState,
} from './completion-lock';
import { disputesOfOrders } from './dispute-repository';
import { completionCodeReplacedEmail } from './emails';
import {
  buyerOrderRows,
  firstNameOf,
  insertRating,
  itemsOf,
  lockOrderRow,
  lockRatableItems,
  lockStoreCompletion,
  orderItemsByProduct,
  orderRow,
  orderWithStore,
  restockProduct,
  saveStoreCompletion,
  sellerOrderRows,
  updateOrder,
  type CompletionLockRow,
  type ItemWithRating,
  type OrderWithStore,
  type Page,
} from './repository';
import { BUYER_WAIT_MS, OPEN_STATUSES, buyerMayCancel, buyerMayDispute, checkStatusMove, isOpen, type OrderActor } from './status-rules';

export { sellerSales, storeProductOrders, type Page } from './repository';
export { buyerEmail, storeOwner } from '../payments/contact-repository';

const naira = (kobo: number) => formatNaira(koboToDecimalString(kobo));

// ---- reading ---------------------------------------------------------------

function toOrder(row: OrderRow, items: readonly ItemWithRating[], dispute?: Dispute): Order {
  return {
    ...(dispute ? { dispute } : {}),
    id: row.id,
    orderCode: row.orderCode,
    settlementCode: row.settlementCode,
    userId: row.buyerId,
    hostelName: row.hostelName,
    blockNumber: row.blockNumber,
    roomNo: row.roomNo,
    orderStatus: row.status,
    totalPrice: toDecimal(row.totalKobo),
    createdAt: row.createdAt.toISOString(),
    orderItems: items.map(({ item }) => ({
      id: item.id,
      quantity: item.quantity,
      price: toDecimal(item.unitPriceKobo),
      product: {
        id: item.productId ?? '',
        name: item.productName,
        slug: item.productSlug,
        imageUrls: item.imageUrl ? [item.imageUrl] : [],
      },
    })),
  };
}

export interface Paged<T> {
  items: T[];
  totalItems: number;
}

async function buyerView(db: DbOrTx, rows: OrderWithStore[], secret: string, now: Date, waitMs: number): Promise<BuyerOrder[]> {
  const ids = rows.map((r) => r.order.id);
  const items = await itemsOf(db, ids);
  const disputes = await disputesOfOrders(db, ids);
  return rows.map(({ order, catalogueName }) => {
    const list = items.get(order.id) ?? [];
    const dispute = disputes.get(order.id);
    const timing = { paidAt: order.paidAt, now, waitMs };
    const base = toOrder(order, list, dispute);
    return {
      ...base,
      orderItems: base.orderItems.map((item, i) => ({ ...item, rating: list[i]?.rating ?? null })),
      seller: { id: order.sellerId, catalogueName },
      // Readable by the buyer only while the order is open; the sealed copy is cleared when it closes.
      completionCode:
        isOpen(order.status) && order.completionSealed ? decryptCompletionCode(secret, order.id, order.completionSealed) : null,
      paidAt: order.paidAt.toISOString(),
      cancellable: !dispute && buyerMayCancel(order.status, timing),
      disputable: !dispute && buyerMayDispute(order.status, timing),
    };
  });
}

/** The buyer's orders, newest first (or those of one payment). */
export async function listBuyerOrders(
  db: DbOrTx,
  buyerId: string,
  page: Page | null,
  secret: string,
  now: Date,
  paymentId?: string,
  waitMs: number = BUYER_WAIT_MS,
): Promise<Paged<BuyerOrder>> {
  const { rows, total } = await buyerOrderRows(db, buyerId, page, paymentId);
  return { items: await buyerView(db, rows, secret, now, waitMs), totalItems: total };
}

/** The store's orders, newest first: the buyer's id, first name and pickup details, never the completion code. */
/** `search` finds a part of the order's id or code, the buyer's id or first name, or the hostel's name (case ignored); `openOnly` keeps open orders. */
export async function listSellerOrders(
  db: DbOrTx,
  sellerId: string,
  page: Page,
  search?: string,
  openOnly = false,
): Promise<Paged<SellerOrder>> {
  const { rows, total } = await sellerOrderRows(db, sellerId, page, search, openOnly ? OPEN_STATUSES : undefined);
  const ids = rows.map((r) => r.order.id);
  const items = await itemsOf(db, ids);
  const disputes = await disputesOfOrders(db, ids);
  return {
    items: rows.map(({ order, buyerFirstName }) => ({
      ...toOrder(order, items.get(order.id) ?? [], disputes.get(order.id)),
      ...(buyerFirstName !== null ? { buyerFirstName } : {}),
    })),
    totalItems: total,
  };
}

export async function orderView(db: DbOrTx, orderId: string): Promise<Order> {
  const row = await orderRow(db, orderId);
  if (!row) throw notFound(MESSAGES.orders.notFound);
  return toOrder(row, (await itemsOf(db, [row.id])).get(row.id) ?? [], (await disputesOfOrders(db, [row.id])).get(row.id));
}

export async function buyerOrderView(
  db: DbOrTx,
  orderId: string,
  secret: string,
  now: Date,
  waitMs: number = BUYER_WAIT_MS,
): Promise<BuyerOrder> {
  const rows = await orderWithStore(db, orderId);
  const [view] = await buyerView(db, rows, secret, now, waitMs);
  if (!view) throw notFound(MESSAGES.orders.notFound);
  return view;
}

// ---- moving ----------------------------------------------------------------

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const row = await lockOrderRow(tx, orderId);
  if (!row) throw notFound(MESSAGES.orders.notFound);
  return row;
}

export interface MoveContext {
  config: AppConfig;
  now: Date;
}

/**
 * A status move by the store owner (`seller`) or the buyer (only CANCELLED).
 * Cancelling refunds the order's total and puts the stock back. Answers the
 * order after the move and the product ids whose stock changed.
 */
export async function moveOrder(
  db: Db,
  actor: OrderActor,
  userId: string,
  orderId: string,
  to: OrderStatus,
  ctx: MoveContext,
): Promise<{ orderId: string; restockedProductIds: string[] }> {
  const { now } = ctx;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const owner = await storeOwner(tx, order.sellerId);
    if (actor === 'seller' && owner?.userId !== userId) throw forbidden(MESSAGES.orders.notYourStore);
    if (actor === 'buyer' && order.buyerId !== userId) throw forbidden(MESSAGES.orders.notYours);
    // An order in dispute waits for the campus team's decision (disputes/service.ts decideDispute).
    if ((await disputesOfOrders(tx, [order.id])).get(order.id)?.status === 'open') throw conflict(MESSAGES.disputes.orderInDispute);
    const verdict = checkStatusMove(actor, order.status, to, { paidAt: order.paidAt, now, waitMs: ctx.config.payments.buyerWaitMs });
    if (!verdict.allowed) throw conflict(verdict.reason);

    const closing = to === 'CANCELLED';
    await updateOrder(tx, order.id, {
      status: to,
      updatedAt: now,
      ...(closing ? { cancelledAt: now, cancelledBy: actor, completionLookup: null, completionSealed: null } : {}),
    });
    const to_ = await buyerEmail(tx, order.buyerId);
    await recordOrderStatusEvents(tx, order, owner?.userId ?? null, to, now);
    if (!verdict.refund) {
      if (to_)
        await queueEmail(
          tx,
          `status:${order.id}:${to}`,
          orderStatusEmail(ctx.config, to_, order.orderCode, owner?.catalogueName ?? 'The store', to),
          now,
        );
      return { orderId: order.id, restockedProductIds: [] };
    }
    // Cancelled: the held money is owed back to the buyer, the units go back on sale. Paystack keeps its fee:
    // a buyer who cancels bears their order's share of it, a seller's cancellation the platform (fee-rules.ts).
    const refundKobo = actor === 'buyer' ? buyerCancelRefundKobo(order.totalKobo, order.chargeFeeKobo) : order.totalKobo;
    const keptFee = order.totalKobo - refundKobo;
    await postJournal(
      tx,
      'refund',
      [
        { account: storeAccount(order.sellerId, 'held'), amountKobo: order.totalKobo, sellerId: order.sellerId },
        { account: 'refunds', amountKobo: -refundKobo },
        ...(keptFee > 0 ? [{ account: 'platform:fees' as const, amountKobo: -keptFee }] : []),
      ],
      { orderId: order.id },
      now,
    );
    await insertRefund(
      tx,
      {
        paymentId: order.paymentId,
        orderId: order.id,
        amountKobo: refundKobo,
        reason: `Order ${order.orderCode} cancelled by the ${actor}`,
      },
      now,
    );
    // In product-id order, as checkout and fulfilment lock products: no deadlock between them.
    const items = await orderItemsByProduct(tx, order.id);
    const restocked: string[] = [];
    for (const item of items) {
      if (!item.productId) continue;
      await restockProduct(tx, item.productId, item.quantity, now);
      restocked.push(item.productId);
    }
    if (to_) {
      await queueEmail(
        tx,
        `refund:${order.id}`,
        refundEmail(
          ctx.config,
          to_,
          refundKobo,
          `Order ${order.orderCode} from ${owner?.catalogueName ?? 'the store'} was cancelled${actor === 'seller' ? ' by the seller' : ''}.${keptFee > 0 ? ` Paystack keeps its fee of ${naira(keptFee)} on a cancelled payment.` : ''}`,
        ),
        now,
      );
    }
    if (actor === 'buyer' && owner) {
      await queueEmail(
        tx,
        `cancelled:${order.id}`,
        orderCancelledEmail(ctx.config, owner.email, order.orderCode, 'buyer', order.totalKobo),
        now,
      );
    }
    return { orderId: order.id, restockedProductIds: restocked };
  });
}

// ---- completion ------------------------------------------------------------

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

    if (!codeMatches(order, secret, code)) {
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

    const release = await releaseOrderMoney(tx, order, ctx);
    return { kind: 'completed', orderId: order.id, release };
  });
}

/** What a release moved, in kobo: releasedKobo = paidOutKobo (to Available) + feeKobo (chargeShareKobo + commissionKobo). */
export interface ReleasedMoney {
  releasedKobo: number;
  paidOutKobo: number;
  feeKobo: number;
  chargeShareKobo: number;
  commissionKobo: number;
}

/**
 * The order's held money goes to its store: the order is DELIVERED, `releasedKobo`
 * (its whole total unless a dispute's part refund took the rest) moves from held
 * to available less the platform fee on it (it leaves in the store's next
 * batched payout, queueStorePayouts), and both sides are e-mailed. Inside the
 * transaction that locked the order, after the caller checked the order may be released.
 */
export async function releaseOrderMoney(
  tx: Tx,
  order: OrderRow,
  ctx: MoveContext,
  releasedKobo: number = order.totalKobo,
): Promise<ReleasedMoney> {
  const { now } = ctx;
  const sellerId = order.sellerId;
  const settlementCode = generateSettlementCode();
  await updateOrder(tx, order.id, {
    status: 'DELIVERED',
    deliveredAt: now,
    updatedAt: now,
    settlementCode,
    completionLookup: null,
    completionSealed: null,
  });
  // The store gets what is left after Paystack's fees and the commission (fee-rules.ts).
  const split = releaseSplit({
    totalKobo: order.totalKobo,
    releasedKobo,
    chargeFeeKobo: order.chargeFeeKobo,
    feePercent: ctx.config.payments.platformFeePercent,
  });
  const fee = split.platformKobo;
  const released = split.toStoreKobo;
  await postJournal(
    tx,
    'release',
    [
      { account: storeAccount(sellerId, 'held'), amountKobo: releasedKobo, sellerId },
      ...(released > 0 ? [{ account: storeAccount(sellerId, 'available'), amountKobo: -released, sellerId }] : []),
      ...(fee > 0 ? [{ account: 'platform:fees' as const, amountKobo: -fee }] : []),
    ],
    { orderId: order.id },
    now,
  );
  const owner = await storeOwner(tx, sellerId);
  if (owner)
    await queueEmail(tx, `completed:${order.id}`, orderCompletedEmail(ctx.config, owner.email, order.orderCode, released, fee), now);
  const buyer = await buyerEmail(tx, order.buyerId);
  await recordOrderStatusEvents(tx, order, owner?.userId ?? null, 'DELIVERED', now);
  if (buyer)
    await queueEmail(
      tx,
      `status:${order.id}:DELIVERED`,
      orderStatusEmail(ctx.config, buyer, order.orderCode, owner?.catalogueName ?? 'The store', 'DELIVERED'),
      now,
    );
  return {
    releasedKobo,
    paidOutKobo: released,
    feeKobo: fee,
    chargeShareKobo: split.chargeShareKobo,
    commissionKobo: split.commissionKobo,
  };
}

// ---- ratings ---------------------------------------------------------------

/**
 * A rating from a real purchase: the buyer's DELIVERED order item of this
 * product (the one named, else the oldest not yet rated), once per item.
 */
export async function rateOrderItem(
  db: Db,
  buyerId: string,
  productId: string,
  input: { rating: number; review?: string | undefined; orderItemId?: string | undefined },
  now: Date,
): Promise<Rating> {
  return db.transaction(async (tx) => {
    const candidates = await lockRatableItems(tx, buyerId, productId, input.orderItemId);
    if (candidates.length === 0) throw forbidden(MESSAGES.ratings.notPurchased);
    const unrated = candidates.find((c) => c.rated === null);
    if (!unrated) throw conflict(MESSAGES.ratings.alreadyRated);
    const row = await insertRating(tx, {
      id: randomUUID(),
      productId,
      userId: buyerId,
      rating: input.rating,
      review: input.review ?? null,
      orderItemId: unrated.itemId,
      createdAt: now,
    });
    if (!row) throw conflict(MESSAGES.ratings.alreadyRated);
    await refreshRatingSummary(tx, productId);
    const firstName = await firstNameOf(tx, buyerId);
    return { rating: row.rating, review: row.review, createdAt: row.createdAt.toISOString(), user: { firstName: firstName ?? '' } };
  });
}
