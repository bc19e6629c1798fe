/**
 * Orders after payment: the buyer's and the store's lists, status
 * moves with refunds, completion by the buyer's code (money released, payout
 * queued), payouts, and ratings from real purchases. Every change locks the
 * order (or the store's completion row) first, so two of them never race, and
 * posts its ledger journal in the same transaction.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, count, countDistinct, desc, eq, ilike, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import type { BuyerOrder, Dispute, Order, Payout, Rating, SellerOrder } from '@campus/shared/schemas';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  completionLocks,
  ledgerEntries,
  orderItems,
  orders,
  payoutRecipients,
  payouts,
  products,
  ratings,
  sellers,
  users,
  type OrderItemRow,
  type OrderRow,
  type PayoutRow,
} from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/domain-errors';
import { orderCancelledEmail, orderCompletedEmail, orderStatusEmail, payoutEmail, refundEmail } from '../payments/emails';
import { buyerCancelRefundKobo, payoutSplit, releaseSplit } from '../payments/fee-rules';
import { postJournal, postTransfer, storeAccount, storeBalances, storeSide } from '../payments/ledger';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import { queueEmail } from '../payments/outbox';
import { paystackTransferFeeKobo } from '../payments/paystack/fees';
import { insertRefund } from '../payments/repository';
import { disputesOfOrders } from '../disputes/views';
import { refreshRatingSummary, toDecimal } from '../../products/repository';
import { completionLookup, decryptCompletionCode, encryptCompletionCode, generatePayoutReference, generateSettlementCode } from './codes';
import { unusedCompletionCode } from './code-repository';
import {
  COMPLETION_ORDER_MAX_WRONG,
  afterOrderWrongCode,
  afterStoreWrongCode,
  storeLockRemainingMs,
  utcDayStart,
  type StoreLockState,
} from './completion-lock';
import { completionCodeReplacedEmail } from './emails';
import { BUYER_WAIT_MS, OPEN_STATUSES, buyerMayCancel, buyerMayDispute, checkStatusMove, isOpen, type OrderActor } from './status-rules';

const naira = (kobo: number) => formatNaira(koboToDecimalString(kobo));

// ---- reading ---------------------------------------------------------------

interface ItemWithRating {
  item: OrderItemRow;
  rating: number | null;
}

async function itemsOf(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, ItemWithRating[]>> {
  const byOrder = new Map<string, ItemWithRating[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ item: orderItems, rating: ratings.rating })
    .from(orderItems)
    .leftJoin(ratings, eq(ratings.orderItemId, orderItems.id))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  for (const row of rows) {
    const list = byOrder.get(row.item.orderId) ?? [];
    list.push({ item: row.item, rating: row.rating });
    byOrder.set(row.item.orderId, list);
  }
  return byOrder;
}

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
      product: { id: item.productId ?? '', name: item.productName, slug: item.productSlug, imageUrls: item.imageUrl ? [item.imageUrl] : [] },
    })),
  };
}

export interface Page {
  page: number;
  limit: number;
}

export interface Paged<T> {
  items: T[];
  totalItems: number;
}

async function buyerView(db: DbOrTx, rows: Array<{ order: OrderRow; catalogueName: string }>, secret: string, now: Date, waitMs: number): Promise<BuyerOrder[]> {
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
      completionCode: isOpen(order.status) && order.completionSealed ? decryptCompletionCode(secret, order.id, order.completionSealed) : null,
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
  const where = and(eq(orders.buyerId, buyerId), paymentId ? eq(orders.paymentId, paymentId) : undefined);
  const query = db
    .select({ order: orders, catalogueName: sellers.catalogueName })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const rows = page ? await query.limit(page.limit).offset((page.page - 1) * page.limit) : await query;
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { items: await buyerView(db, rows, secret, now, waitMs), totalItems: total?.n ?? 0 };
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
  const term = containsPattern(search);
  const where = and(
    eq(orders.sellerId, sellerId),
    openOnly ? inArray(orders.status, [...OPEN_STATUSES]) : undefined,
    term ? or(ilike(orders.id, term), ilike(orders.orderCode, term), ilike(orders.buyerId, term), ilike(users.firstName, term), ilike(orders.hostelName, term)) : undefined,
  );
  const rows = await db
    .select({ order: orders, buyerFirstName: users.firstName })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.buyerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const [total] = await db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.buyerId)).where(where);
  const ids = rows.map((r) => r.order.id);
  const items = await itemsOf(db, ids);
  const disputes = await disputesOfOrders(db, ids);
  return {
    items: rows.map(({ order, buyerFirstName }) => ({
      ...toOrder(order, items.get(order.id) ?? [], disputes.get(order.id)),
      ...(buyerFirstName !== null ? { buyerFirstName } : {}),
    })),
    totalItems: total?.n ?? 0,
  };
}

/** What a store sold over all its orders; a cancelled (refunded) order counts for nothing. */
export async function sellerSales(db: DbOrTx, sellerId: string): Promise<{ revenueKobo: number; orderCount: number; customerCount: number; products: Array<{ productId: string; unitsSold: number }> }> {
  const sold = and(eq(orders.sellerId, sellerId), ne(orders.status, 'CANCELLED'));
  const [totals] = await db
    .select({ revenue: sql<string>`coalesce(sum(${orders.totalKobo}), 0)`, n: count(), buyers: countDistinct(orders.buyerId) })
    .from(orders)
    .where(sold);
  const units = await db
    .select({ productId: orderItems.productId, unitsSold: sql<string>`sum(${orderItems.quantity})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(sold, sql`${orderItems.productId} is not null`))
    .groupBy(orderItems.productId);
  return {
    revenueKobo: Number(totals?.revenue ?? 0),
    orderCount: Number(totals?.n ?? 0),
    customerCount: Number(totals?.buyers ?? 0),
    products: units.flatMap((u) => (u.productId ? [{ productId: u.productId, unitsSold: Number(u.unitsSold) }] : [])),
  };
}

export async function orderView(db: DbOrTx, orderId: string): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) throw notFound(MESSAGES.orders.notFound);
  return toOrder(row, (await itemsOf(db, [row.id])).get(row.id) ?? [], (await disputesOfOrders(db, [row.id])).get(row.id));
}

export async function buyerOrderView(db: DbOrTx, orderId: string, secret: string, now: Date, waitMs: number = BUYER_WAIT_MS): Promise<BuyerOrder> {
  const rows = await db
    .select({ order: orders, catalogueName: sellers.catalogueName })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const [view] = await buyerView(db, rows, secret, now, waitMs);
  if (!view) throw notFound(MESSAGES.orders.notFound);
  return view;
}

// ---- moving ----------------------------------------------------------------

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  if (!row) throw notFound(MESSAGES.orders.notFound);
  return row;
}

export async function storeOwner(tx: DbOrTx, sellerId: string): Promise<{ userId: string; email: string; catalogueName: string } | null> {
  const [row] = await tx
    .select({ userId: sellers.userId, email: users.email, catalogueName: sellers.catalogueName })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId))
    .limit(1);
  return row ?? null;
}

export async function buyerEmail(tx: DbOrTx, buyerId: string): Promise<string | null> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, buyerId)).limit(1);
  return row?.email ?? null;
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
    // An order in dispute waits for the campus team's decision (disputes/repository.ts decideDispute).
    if ((await disputesOfOrders(tx, [order.id])).get(order.id)?.status === 'open') throw conflict(MESSAGES.disputes.orderInDispute);
    const verdict = checkStatusMove(actor, order.status, to, { paidAt: order.paidAt, now, waitMs: ctx.config.payments.buyerWaitMs });
    if (!verdict.allowed) throw conflict(verdict.reason);

    const closing = to === 'CANCELLED';
    await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: now,
        ...(closing ? { cancelledAt: now, cancelledBy: actor, completionLookup: null, completionSealed: null } : {}),
      })
      .where(eq(orders.id, order.id));
    const to_ = await buyerEmail(tx, order.buyerId);
    if (!verdict.refund) {
      if (to_) await queueEmail(tx, `status:${order.id}:${to}`, orderStatusEmail(ctx.config, to_, order.orderCode, owner?.catalogueName ?? 'The store', to), now);
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
    await insertRefund(tx, { paymentId: order.paymentId, orderId: order.id, amountKobo: refundKobo, reason: `Order ${order.orderCode} cancelled by the ${actor}` }, now);
    // In product-id order, as checkout and fulfilment lock products: no deadlock between them.
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.productId));
    const restocked: string[] = [];
    for (const item of items) {
      if (!item.productId) continue;
      await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} + ${item.quantity}`, updatedAt: now })
        .where(eq(products.id, item.productId));
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
      await queueEmail(tx, `cancelled:${order.id}`, orderCancelledEmail(ctx.config, owner.email, order.orderCode, 'buyer', order.totalKobo), now);
    }
    return { orderId: order.id, restockedProductIds: restocked };
  });
}

// ---- completion ------------------------------------------------------------

export type CompletionOutcome =
  | { kind: 'completed'; orderId: string }
  /** A wrong code: `triesLeft` more on this order before its code is replaced; `storeLockedForMs` once the daily cap is hit. */
  | { kind: 'wrong'; triesLeft: number; storeLockedForMs: number }
  /** The wrong code that replaced the order's code (the buyer was e-mailed the new one). */
  | { kind: 'replaced'; storeLockedForMs: number }
  | { kind: 'locked'; remainingMs: number };

function storeLockState(row: typeof completionLocks.$inferSelect | undefined): StoreLockState | null {
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
export async function completeWithCode(db: Db, sellerId: string, orderId: string, code: string, secret: string, ctx: MoveContext): Promise<CompletionOutcome> {
  const { now } = ctx;
  return db.transaction(async (tx): Promise<CompletionOutcome> => {
    // The store's completion row is the lock every attempt of this store queues on.
    await tx
      .insert(completionLocks)
      .values({ sellerId, failures: 0, windowStartedAt: utcDayStart(now), locks: 0 })
      .onConflictDoNothing();
    const [lockRow] = await tx.select().from(completionLocks).where(eq(completionLocks.sellerId, sellerId)).limit(1).for('update');
    const state = storeLockState(lockRow);
    const remainingMs = storeLockRemainingMs(state, now);
    if (remainingMs > 0) return { kind: 'locked', remainingMs };

    const order = await lockOrder(tx, orderId);
    if (order.sellerId !== sellerId) throw forbidden(MESSAGES.orders.notYourStore);
    if (!isOpen(order.status) || !order.completionLookup) throw conflict(MESSAGES.completion.orderNotOpen);

    if (!codeMatches(order, secret, code)) {
      const store = afterStoreWrongCode(state, now);
      await tx
        .update(completionLocks)
        .set({ failures: store.failures, windowStartedAt: store.dayStartedAt, lockedUntil: store.lockedUntil, locks: store.locks })
        .where(eq(completionLocks.sellerId, sellerId));
      const storeLockedForMs = storeLockRemainingMs(store, now);
      const verdict = afterOrderWrongCode(order.completionFailures);
      if (!verdict.replaceCode) {
        await tx.update(orders).set({ completionFailures: verdict.failures }).where(eq(orders.id, order.id));
        return { kind: 'wrong', triesLeft: verdict.triesLeft, storeLockedForMs };
      }
      // The old code stops working; the buyer reads the new one from the sealed copy (their Orders) and the e-mail.
      const newCode = await unusedCompletionCode(tx, secret, sellerId);
      const reissues = order.completionReissues + 1;
      await tx
        .update(orders)
        .set({
          completionLookup: completionLookup(secret, sellerId, newCode),
          completionSealed: encryptCompletionCode(secret, order.id, newCode),
          completionFailures: verdict.failures,
          completionReissues: reissues,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id));
      const buyer = await buyerEmail(tx, order.buyerId);
      const owner = await storeOwner(tx, sellerId);
      if (buyer) {
        await queueEmail(
          tx,
          `completion-replaced:${order.id}:${reissues}`,
          completionCodeReplacedEmail(ctx.config, buyer, { orderCode: order.orderCode, storeName: owner?.catalogueName ?? 'the store', wrongCodes: COMPLETION_ORDER_MAX_WRONG, newCode }),
          now,
        );
      }
      return { kind: 'replaced', storeLockedForMs };
    }

    await releaseOrderMoney(tx, order, ctx);
    return { kind: 'completed', orderId: order.id };
  });
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
): Promise<{ paidOutKobo: number; feeKobo: number }> {
  const { now } = ctx;
  const sellerId = order.sellerId;
  const settlementCode = generateSettlementCode();
  await tx
    .update(orders)
    .set({ status: 'DELIVERED', deliveredAt: now, updatedAt: now, settlementCode, completionLookup: null, completionSealed: null })
    .where(eq(orders.id, order.id));
  // The store gets what is left after Paystack's fees and the commission (fee-rules.ts).
  const split = releaseSplit({ totalKobo: order.totalKobo, releasedKobo, chargeFeeKobo: order.chargeFeeKobo, feePercent: ctx.config.payments.platformFeePercent });
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
  if (owner) await queueEmail(tx, `completed:${order.id}`, orderCompletedEmail(ctx.config, owner.email, order.orderCode, released, fee), now);
  const buyer = await buyerEmail(tx, order.buyerId);
  if (buyer) await queueEmail(tx, `status:${order.id}:DELIVERED`, orderStatusEmail(ctx.config, buyer, order.orderCode, owner?.catalogueName ?? 'The store', 'DELIVERED'), now);
  return { paidOutKobo: released, feeKobo: fee };
}

// ---- payouts ---------------------------------------------------------------

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

export async function listPayouts(db: DbOrTx, sellerId: string): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.sellerId, sellerId)).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(200);
}

/** Payouts to send now: not yet handed to Paystack, and due (a retry waits for its time). */
export async function duePayouts(db: DbOrTx, now: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'pending'),
        isNull(payouts.transferCode),
        isNull(payouts.attention),
        or(isNull(payouts.nextAttemptAt), lte(payouts.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(payouts.createdAt))
    .limit(50);
}


/** The Paystack recipient already made for this bank account, if any. */
export async function knownRecipient(db: DbOrTx, sellerId: string, bankCode: string, accountNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ code: payoutRecipients.recipientCode })
    .from(payoutRecipients)
    .where(and(eq(payoutRecipients.sellerId, sellerId), eq(payoutRecipients.bankCode, bankCode), eq(payoutRecipients.accountNumber, accountNumber)))
    .limit(1);
  return row?.code ?? null;
}

export async function rememberRecipient(
  db: DbOrTx,
  recipient: { sellerId: string; bankCode: string; accountNumber: string; accountName: string; recipientCode: string },
  now: Date,
): Promise<void> {
  await db.insert(payoutRecipients).values({ id: randomUUID(), ...recipient, createdAt: now }).onConflictDoNothing();
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
export async function markPayoutSent(db: Db, payoutId: string, recipientCode: string | null, transferCode: string, now: Date, attention: string | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1).for('update');
    // Settled meanwhile (its webhook came first): that posted the journal; nothing to note.
    if (!payout || payout.status !== 'pending') return;
    await postPayoutSent(tx, payout, now);
    await tx
      .update(payouts)
      .set({ recipientCode, transferCode, attempts: payout.attempts + 1, failureReason: null, nextAttemptAt: null, attention })
      .where(eq(payouts.id, payout.id));
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
export async function markPayoutNotSent(db: DbOrTx, payout: PayoutRow, reason: string, now: Date, why: 'refused' | 'balance-short' = 'refused'): Promise<void> {
  if (why === 'balance-short') {
    // Waiting for money at Paystack is not the payout's fault: tried again hourly, not counted as an attempt.
    await db.update(payouts).set({ failureReason: reason.slice(0, 300), nextAttemptAt: new Date(now.getTime() + 60 * 60 * 1000) }).where(eq(payouts.id, payout.id));
    return;
  }
  const attempts = payout.attempts + 1;
  const delayMs = Math.min(24 * 60 * 60 * 1000, 5 * 60_000 * 2 ** Math.min(payout.attempts, 8));
  const spent = attempts >= MAX_PAYOUT_SEND_ATTEMPTS ? `Not sent after ${attempts} attempts: ${reason}` : null;
  await db
    .update(payouts)
    .set({
      attempts,
      failureReason: reason.slice(0, 300),
      nextAttemptAt: new Date(now.getTime() + delayMs),
      attention: spent?.slice(0, 500) ?? null,
    })
    .where(eq(payouts.id, payout.id));
}

/** A transfer at Paystack that waits for a person (an OTP) is noted for the money queue, or cleared once it moved on. */
export async function notePayoutAttention(db: DbOrTx, payoutId: string, attention: string | null): Promise<void> {
  await db.update(payouts).set({ attention }).where(eq(payouts.id, payoutId));
}

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

export async function settlePayout(db: Db, reference: string, word: TransferWord, ctx: MoveContext): Promise<{ payout: PayoutRow } | null> {
  const { outcome, reason } = word;
  const { now } = ctx;
  return db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.reference, reference)).limit(1).for('update');
    if (!payout) return null;
    const owner = await storeOwner(tx, payout.sellerId);
    const reversible = payout.status === 'pending' || (outcome === 'reversed' && payout.status === 'success');
    if (!reversible) {
      if (outcome === 'success' && payout.status === 'failed') {
        // Paid after all, and a retry may be queued for the same money: a person looks before it goes out.
        const why = 'Paystack reported this transfer paid after it was reported failed: check it before the retry is sent';
        await tx.update(payouts).set({ attention: why }).where(eq(payouts.id, payout.id));
        await tx
          .update(payouts)
          .set({ attention: why })
          .where(and(eq(payouts.sellerId, payout.sellerId), eq(payouts.status, 'pending'), isNull(payouts.transferCode)));
      }
      return { payout };
    }
    await postPayoutSent(tx, payout, now);

    if (outcome === 'success') {
      await postTransfer(tx, 'payout-settled', storeSide(payout.sellerId, 'payout'), { account: 'paystack' }, payout.amountKobo, { payoutId: payout.id }, now);
      // Paystack takes its transfer fee from our balance besides the amount; the platform bears it, like the charge fee.
      const fee = word.feeKobo ?? paystackTransferFeeKobo(payout.amountKobo);
      if (fee > 0) await postTransfer(tx, 'transfer-fee', { account: 'platform:fees' }, { account: 'paystack' }, fee, { payoutId: payout.id }, now);
      const [done] = await tx.update(payouts).set({ status: 'success', settledAt: now, failureReason: null, attention: null }).where(eq(payouts.id, payout.id)).returning();
      if (owner) await queueEmail(tx, `payout:${payout.id}`, payoutEmail(ctx.config, owner.email, payout.reference, payout.amountKobo, 'success', null), now);
      return { payout: done ?? payout };
    }

    if (payout.status === 'success') {
      // Reversed after it had arrived: the money came back to our Paystack balance; the store is owed it again.
      // sellerId on the paystack side too: the store's paid-out figure subtracts it (ledger.ts storeBalances).
      // Paystack keeps its transfer fee on a reversal: the store is owed the amount, the fee stays spent.
      const paystack = { account: 'paystack' as const, sellerId: payout.sellerId };
      await postTransfer(tx, 'payout-returned', paystack, storeSide(payout.sellerId, 'available'), payout.amountKobo, { payoutId: payout.id }, now);
    } else {
      await postPayoutReturned(tx, payout, now);
    }
    const why = reason ?? TRANSFER_FAILURE_TEXT[outcome];
    // The money waits in the store's available balance for its next payout, after a backoff that grows with
    // each failure in a row; past the cap a person looks and no new payout is made (queueStorePayouts).
    const failures = (await failuresInARow(tx, payout.sellerId, payout.id)) + 1;
    const spent = failures >= MAX_PAYOUT_TRANSFERS ? `${failures} transfers did not go through; the last: ${why}` : null;
    const [failed] = await tx
      .update(payouts)
      .set({
        status: outcome === 'reversed' ? 'reversed' : 'failed',
        failureReason: why.slice(0, 300),
        settledAt: null,
        attention: spent,
        nextAttemptAt: new Date(now.getTime() + Math.min(24 * 60 * 60 * 1000, 15 * 60_000 * 2 ** Math.min(failures - 1, 6))),
      })
      .where(eq(payouts.id, payout.id))
      .returning();
    if (owner) await queueEmail(tx, `payout-failed:${payout.id}`, payoutEmail(ctx.config, owner.email, payout.reference, payout.amountKobo, 'failed', why), now);
    return { payout: failed ?? payout };
  });
}

/** The store's transfers that failed (or were reversed) one after another, newest first, up to its last success. */
async function failuresInARow(tx: DbOrTx, sellerId: string, exceptId: string): Promise<number> {
  const recent = await tx
    .select({ id: payouts.id, status: payouts.status })
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), ne(payouts.status, 'pending')))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(MAX_PAYOUT_TRANSFERS + 1);
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

/** Stores whose available money (from the ledger) reaches the minimum: the candidates for a payout. */
async function storesWithAvailableMoney(db: DbOrTx, minimumKobo: number): Promise<string[]> {
  const rows = await db
    .select({ sellerId: ledgerEntries.sellerId })
    .from(ledgerEntries)
    .where(and(isNotNull(ledgerEntries.sellerId), sql`${ledgerEntries.account} = 'store:' || ${ledgerEntries.sellerId} || ':available'`))
    .groupBy(ledgerEntries.sellerId)
    .having(sql`0 - sum(${ledgerEntries.amountKobo}) >= ${minimumKobo}`);
  return rows.flatMap((r) => (r.sellerId ? [r.sellerId] : []));
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
      await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId)).for('update');
      const [open] = await tx
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.sellerId, sellerId), or(eq(payouts.status, 'pending'), isNotNull(payouts.attention))))
        .limit(1);
      if (open) return null;
      const [last] = await tx.select().from(payouts).where(eq(payouts.sellerId, sellerId)).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(1);
      if (last) {
        const failed = last.status === 'failed' || last.status === 'reversed';
        const notBefore = failed ? (last.nextAttemptAt ?? now) : new Date(last.createdAt.getTime() + rhythm.intervalMs);
        if (notBefore > now) return null;
      }
      const { availableKobo } = await storeBalances(tx, sellerId);
      if (availableKobo < rhythm.minimumKobo) return null;
      const split = payoutSplit(availableKobo);
      const [inserted] = await tx
        .insert(payouts)
        .values({
          id: randomUUID(),
          sellerId,
          orderId: null,
          amountKobo: split.amountKobo,
          feeKobo: split.feeKobo,
          status: 'pending',
          reference: generatePayoutReference(),
          createdAt: now,
          nextAttemptAt: now,
        })
        .returning();
      return inserted ?? null;
    });
    if (row) queued.push(row);
  }
  return queued;
}

/** Transfers sent a while ago with no word from Paystack since (a lost webhook): asked of Paystack again. */
export async function unsettledPayouts(db: DbOrTx, now: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), sql`${payouts.transferCode} IS NOT NULL`, lte(payouts.createdAt, new Date(now.getTime() - 10 * 60_000))))
    .orderBy(asc(payouts.createdAt))
    .limit(50);
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
    const candidates = await tx
      .select({ itemId: orderItems.id, rated: ratings.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(ratings, eq(ratings.orderItemId, orderItems.id))
      .where(
        and(
          eq(orders.buyerId, buyerId),
          eq(orders.status, 'DELIVERED'),
          eq(orderItems.productId, productId),
          input.orderItemId ? eq(orderItems.id, input.orderItemId) : undefined,
        ),
      )
      .orderBy(asc(orders.deliveredAt), asc(orderItems.id))
      .for('update', { of: orderItems });
    if (candidates.length === 0) throw forbidden(MESSAGES.ratings.notPurchased);
    const unrated = candidates.find((c) => c.rated === null);
    if (!unrated) throw conflict(MESSAGES.ratings.alreadyRated);
    const inserted = await tx
      .insert(ratings)
      .values({ id: randomUUID(), productId, userId: buyerId, rating: input.rating, review: input.review ?? null, orderItemId: unrated.itemId, createdAt: now })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) throw conflict(MESSAGES.ratings.alreadyRated);
    await refreshRatingSummary(tx, productId);
    const [user] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, buyerId)).limit(1);
    return { rating: row.rating, review: row.review, createdAt: row.createdAt.toISOString(), user: { firstName: user?.firstName ?? '' } };
  });
}
