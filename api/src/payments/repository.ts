/**
 * The checkout's transactions (issue 11). Each runs in one database
 * transaction that first locks the rows the money belongs to, so running it
 * twice, or two of them at once, cannot double anything:
 *
 * - reserveCheckout: locks the cart's products (sorted by id, so two checkouts
 *   never deadlock), recomputes the total, and records the payment with its
 *   lines; while pending and not lapsed they hold that stock.
 * - fulfilPayment: on a confirmed payment, locks the payment row; the first
 *   run creates one order per store, takes the stock, empties those cart
 *   lines, posts the ledger and queues the e-mails; later runs find
 *   `fulfilled_at` set and do nothing. A payment whose items are gone is
 *   refunded whole instead.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { MESSAGES } from '@campus/shared/messages';
import type { PickupDetails } from '@campus/shared/schemas';
import type { AppConfig } from '../config';
import type { Db, DbOrTx, Tx } from '../db/client';
import {
  cartItems,
  carts,
  orderItems,
  orders,
  paymentItems,
  payments,
  paystackEvents,
  products,
  refunds,
  sellers,
  users,
  type PaymentRow,
  type RefundRow,
} from '../db/schema';
import { HttpError, conflict, forbidden } from '../http/errors';
import { completionLookup, encryptCompletionCode, generateCompletionCode, generateOrderCode } from '../orders/codes';
import { unitsHeldByBuyer } from './buyer-holds';
import { isRefusal, paymentMismatch, planCheckout, splitIntoOrders, RESERVATION_MS, type CheckoutLine } from './checkout-rules';
import { newOrderEmail, receiptEmail, refundEmail, type ReceiptOrder } from './emails';
import { postJournal, postTransfer, storeAccount } from './ledger';
import { queueEmail } from './outbox';

/** Our transaction reference: Paystack takes letters, digits, -, ., =. */
export function newPaymentReference(): string {
  return `cm_${randomBytes(12).toString('hex')}`;
}

/** Units each product has held by live checkouts (pending, not lapsed), other than `exceptPaymentId`. */
async function liveReservations(tx: DbOrTx, productIds: readonly string[], now: Date, exceptPaymentId?: string): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({ productId: paymentItems.productId, units: sql<string>`sum(${paymentItems.quantity})` })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(
      and(
        inArray(paymentItems.productId, [...productIds]),
        eq(payments.status, 'pending'),
        gt(payments.reservedUntil, now),
        exceptPaymentId ? ne(payments.id, exceptPaymentId) : undefined,
      ),
    )
    .groupBy(paymentItems.productId);
  return new Map(rows.flatMap((r) => (r.productId ? [[r.productId, Number(r.units)] as const] : [])));
}

/** Locks these products for the rest of the transaction, in id order (no deadlock between two checkouts). */
async function lockProducts(tx: Tx, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return tx
    .select({ id: products.id, stockQuantity: products.stockQuantity, priceKobo: products.priceKobo })
    .from(products)
    .where(inArray(products.id, [...productIds]))
    .orderBy(asc(products.id))
    .for('update');
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  cartId: string;
  claimedKobo: string;
  pickup: PickupDetails;
  now: Date;
}

/** Reserves the cart's items at today's prices and records the payment, or throws the refusal (400/403/409). */
export async function reserveCheckout(db: Db, request: CheckoutRequest): Promise<PaymentRow> {
  const { userId, now } = request;
  return db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, request.cartId)).limit(1);
    if (cart && cart.userId !== userId) throw forbidden(MESSAGES.cart.notYourCart);
    if (!cart) {
      const [own] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
      // The browser's cart id is stale (or it never had one): the cart it showed is not this one.
      throw own ? conflict(MESSAGES.payment.cartChanged) : new HttpError(400, MESSAGES.payment.emptyCart);
    }
    // A new checkout replaces this buyer's earlier unpaid ones (a second tab, a retry): they stop holding stock.
    // Should one of them be paid after all, it is fulfilled if the stock is still there, else refunded.
    // Before the products are locked: fulfilment locks a payment, then products; the same order here.
    await tx
      .update(payments)
      .set({ status: 'abandoned', updatedAt: now })
      .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')));
    const rows = await tx
      .select({ item: cartItems, product: products, sellerUserId: sellers.userId })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(eq(cartItems.cartId, cart.id))
      .orderBy(asc(products.id));
    const locked = new Map((await lockProducts(tx, rows.map((r) => r.product.id))).map((p) => [p.id, p]));
    const lines: CheckoutLine[] = rows.map(({ item, product, sellerUserId }) => ({
      productId: product.id,
      productName: product.name,
      productSlug: product.slug,
      imageUrl: product.photos[0]?.cardUrl ?? null,
      sellerId: product.sellerId,
      sellerUserId,
      quantity: item.quantity,
      // Read again under the lock: a price or stock change a moment ago counts.
      unitPriceKobo: locked.get(product.id)?.priceKobo ?? product.priceKobo,
      stockQuantity: locked.get(product.id)?.stockQuantity ?? 0,
    }));
    const reserved = await liveReservations(tx, [...locked.keys()], now);
    const plan = planCheckout(userId, lines, reserved, request.claimedKobo, await unitsHeldByBuyer(tx, userId, now));
    if (isRefusal(plan)) throw new HttpError(plan.status, plan.message);

    const [payment] = await tx
      .insert(payments)
      .values({
        id: randomUUID(),
        reference: newPaymentReference(),
        userId,
        cartId: cart.id,
        email: request.email,
        amountKobo: plan.totalKobo,
        currency: 'NGN',
        status: 'pending',
        ...request.pickup,
        reservedUntil: new Date(now.getTime() + RESERVATION_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!payment) throw new Error('payment not recorded');
    await tx.insert(paymentItems).values(
      plan.lines.map((line) => ({
        id: randomUUID(),
        paymentId: payment.id,
        productId: line.productId,
        sellerId: line.sellerId,
        quantity: line.quantity,
        unitPriceKobo: line.unitPriceKobo,
        productName: line.productName,
        productSlug: line.productSlug,
        imageUrl: line.imageUrl,
      })),
    );
    return payment;
  });
}

export async function recordCheckoutPage(db: DbOrTx, paymentId: string, authorizationUrl: string, accessCode: string, now: Date): Promise<void> {
  await db.update(payments).set({ authorizationUrl, accessCode, updatedAt: now }).where(eq(payments.id, paymentId));
}

/** Paystack could not start the payment: the reservation is released at once. */
export async function markPaymentFailed(db: DbOrTx, paymentId: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'abandoned'])));
}

export async function paymentByReference(db: DbOrTx, reference: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return row ?? null;
}

/** Payments nobody has heard back about: asked of Paystack again by reconciliation (oldest checks first). */
export async function paymentsToReconcile(db: DbOrTx, now: Date, limit: number): Promise<PaymentRow[]> {
  const checkedBefore = new Date(now.getTime() - 30_000);
  // A checkout page is usable for a day at most; after that nobody can still pay an unknown one.
  const since = new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000);
  return db
    .select()
    .from(payments)
    .where(
      and(
        // failed too: a student may pay on the same page after a declined card, and that webhook may be lost.
        inArray(payments.status, ['pending', 'abandoned', 'failed']),
        gt(payments.createdAt, since),
        or(isNull(payments.checkedAt), lte(payments.checkedAt, checkedBefore)),
      ),
    )
    .orderBy(sql`${payments.checkedAt} ASC NULLS FIRST`, asc(payments.createdAt))
    .limit(limit);
}

export async function markPaymentChecked(db: DbOrTx, paymentId: string, now: Date, status?: 'failed'): Promise<void> {
  await db
    .update(payments)
    .set({ checkedAt: now, ...(status ? { status, updatedAt: now } : {}) })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'abandoned', 'failed'])));
}

export type FulfilOutcome =
  | { kind: 'not-found' }
  | { kind: 'already'; payment: PaymentRow }
  | { kind: 'review'; payment: PaymentRow; reason: string }
  | { kind: 'refunded'; payment: PaymentRow }
  | { kind: 'fulfilled'; payment: PaymentRow; productIds: string[] };

export interface FulfilContext {
  config: AppConfig;
  completionSecret: string;
  now: Date;
}

/**
 * Paystack says this reference was paid `reported.amount` kobo in `reported.currency`.
 * Exactly once per payment, whatever calls it how often (webhook, verify, reconciliation).
 */
export async function fulfilPayment(
  db: Db,
  reported: { reference: string; amount: number; currency: string; fees?: number | null | undefined },
  ctx: FulfilContext,
): Promise<FulfilOutcome> {
  const { now } = ctx;
  return db.transaction(async (tx): Promise<FulfilOutcome> => {
    const [payment] = await tx.select().from(payments).where(eq(payments.reference, reported.reference)).limit(1).for('update');
    if (!payment) return { kind: 'not-found' };
    if (payment.fulfilledAt || payment.refundedAt || payment.status === 'review' || payment.status === 'success' || payment.status === 'refunded') {
      return { kind: 'already', payment };
    }
    const mismatch = paymentMismatch(payment, reported);
    if (mismatch) {
      const [flagged] = await tx
        .update(payments)
        .set({ status: 'review', reviewReason: `Paystack reported ${mismatch}`, updatedAt: now })
        .where(eq(payments.id, payment.id))
        .returning();
      return { kind: 'review', payment: flagged ?? payment, reason: mismatch };
    }

    // Paystack keeps its fee out of what it settles: the money at Paystack is that much less, borne by the platform.
    const fee = reported.fees ?? 0;
    if (Number.isSafeInteger(fee) && fee > 0 && fee < payment.amountKobo) {
      await postTransfer(tx, 'provider-fee', { account: 'platform:fees' }, { account: 'paystack' }, fee, { paymentId: payment.id }, now);
    }
    const items = await tx.select().from(paymentItems).where(eq(paymentItems.paymentId, payment.id)).orderBy(asc(paymentItems.productId));
    const productIds = items.flatMap((i) => (i.productId ? [i.productId] : []));
    const locked = new Map((await lockProducts(tx, productIds)).map((p) => [p.id, p]));
    // Its reservation no longer holds the stock if it lapsed or was replaced by a newer checkout:
    // then the units must be free now, after what live checkouts hold.
    const stillReserved = payment.status === 'pending' && payment.reservedUntil.getTime() > now.getTime();
    const others = stillReserved ? new Map<string, number>() : await liveReservations(tx, productIds, now, payment.id);
    const deliverable = items.every((item) => {
      const product = item.productId ? locked.get(item.productId) : undefined;
      if (!product) return false;
      return item.quantity <= product.stockQuantity - (others.get(product.id) ?? 0);
    });
    if (!deliverable) return refundWholePayment(tx, payment, ctx);

    const [buyer] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, payment.userId)).limit(1);
    const sellerIds = [...new Set(items.map((i) => i.sellerId))];
    const stores = new Map(
      (
        await tx
          .select({ id: sellers.id, catalogueName: sellers.catalogueName, email: users.email })
          .from(sellers)
          .innerJoin(users, eq(users.id, sellers.userId))
          .where(inArray(sellers.id, sellerIds))
      ).map((s) => [s.id, s]),
    );

    const planned = splitIntoOrders(
      items.map((i) => ({
        productId: i.productId ?? '',
        productName: i.productName,
        productSlug: i.productSlug,
        imageUrl: i.imageUrl,
        sellerId: i.sellerId,
        sellerUserId: '',
        quantity: i.quantity,
        unitPriceKobo: i.unitPriceKobo,
        stockQuantity: 0,
      })),
    );
    const receipt: ReceiptOrder[] = [];
    for (const order of planned) {
      const orderId = randomUUID();
      const orderCode = await unusedOrderCode(tx);
      const code = await unusedCompletionCode(tx, ctx.completionSecret, order.sellerId);
      await tx.insert(orders).values({
        id: orderId,
        orderCode,
        paymentId: payment.id,
        buyerId: payment.userId,
        sellerId: order.sellerId,
        status: 'PENDING',
        hostelName: payment.hostelName,
        blockNumber: payment.blockNumber,
        roomNo: payment.roomNo,
        totalKobo: order.totalKobo,
        completionLookup: completionLookup(ctx.completionSecret, order.sellerId, code),
        completionSealed: encryptCompletionCode(ctx.completionSecret, orderId, code),
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(orderItems).values(
        order.lines.map((line) => ({
          id: randomUUID(),
          orderId,
          productId: line.productId,
          quantity: line.quantity,
          unitPriceKobo: line.unitPriceKobo,
          productName: line.productName,
          productSlug: line.productSlug,
          imageUrl: line.imageUrl,
        })),
      );
      const store = stores.get(order.sellerId);
      const storeName = store?.catalogueName ?? 'the store';
      const orderItemsForMail = order.lines.map((l) => ({ name: l.productName, quantity: l.quantity, unitPriceKobo: l.unitPriceKobo }));
      receipt.push({ orderCode, storeName, totalKobo: order.totalKobo, completionCode: code, items: orderItemsForMail });
      if (store) {
        await queueEmail(tx, `new-order:${orderId}`, newOrderEmail(ctx.config, store.email, storeName, { orderCode, totalKobo: order.totalKobo, items: orderItemsForMail }, payment), now);
      }
    }

    for (const item of items) {
      if (!item.productId) continue;
      await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} - ${item.quantity}`, updatedAt: now })
        .where(eq(products.id, item.productId));
      // What was bought leaves the cart; more of it added since stays.
      const line = and(eq(cartItems.cartId, payment.cartId), eq(cartItems.productId, item.productId));
      await tx.delete(cartItems).where(and(line, lte(cartItems.quantity, item.quantity)));
      await tx
        .update(cartItems)
        .set({ quantity: sql`${cartItems.quantity} - ${item.quantity}` })
        .where(line);
    }

    await postJournal(
      tx,
      'payment',
      [
        { account: 'paystack', amountKobo: payment.amountKobo },
        ...planned.map((o) => ({ account: storeAccount(o.sellerId, 'held'), amountKobo: -o.totalKobo, sellerId: o.sellerId })),
      ],
      { paymentId: payment.id },
      now,
    );
    const [done] = await tx
      .update(payments)
      .set({ status: 'success', paidAt: now, fulfilledAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    await queueEmail(tx, `receipt:${payment.id}`, receiptEmail(ctx.config, payment.email, buyer?.firstName ?? 'there', payment.amountKobo, payment, receipt), now);
    return { kind: 'fulfilled', payment: done ?? payment, productIds };
  });
}

/** Paid, but the items are gone: the whole payment goes back (ledger, refund to request, the buyer told). */
async function refundWholePayment(tx: Tx, payment: PaymentRow, ctx: FulfilContext): Promise<FulfilOutcome> {
  const { now } = ctx;
  await postTransfer(tx, 'unallocated', { account: 'paystack' }, { account: 'refunds' }, payment.amountKobo, { paymentId: payment.id }, now);
  await insertRefund(tx, { paymentId: payment.id, orderId: null, amountKobo: payment.amountKobo, reason: 'Paid after the items had sold out' }, now);
  const [refunded] = await tx
    .update(payments)
    .set({ status: 'refunded', paidAt: now, refundedAt: now, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning();
  await queueEmail(
    tx,
    `refund:${payment.id}`,
    refundEmail(ctx.config, payment.email, payment.amountKobo, 'Your payment came through after the items you chose had sold out, so we could not create your order.'),
    now,
  );
  return { kind: 'refunded', payment: refunded ?? payment };
}

async function unusedOrderCode(tx: Tx): Promise<string> {
  for (;;) {
    const code = generateOrderCode();
    const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderCode, code)).limit(1);
    if (!taken) return code;
  }
}

/** A code no other open order of this store has (the lookup must name one order). */
async function unusedCompletionCode(tx: Tx, secret: string, sellerId: string): Promise<string> {
  for (;;) {
    const code = generateCompletionCode();
    const [taken] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.sellerId, sellerId), eq(orders.completionLookup, completionLookup(secret, sellerId, code))))
      .limit(1);
    if (!taken) return code;
  }
}

// ---- refunds ---------------------------------------------------------------

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

export async function dueRefunds(db: DbOrTx, now: Date): Promise<Array<RefundRow & { reference: string }>> {
  const rows = await db
    .select({ refund: refunds, reference: payments.reference })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'pending'), or(isNull(refunds.nextAttemptAt), lte(refunds.nextAttemptAt, now))))
    .orderBy(asc(refunds.createdAt))
    .limit(50);
  return rows.map((r) => ({ ...r.refund, reference: r.reference }));
}

/** How many refunds of this amount on this payment we already know Paystack has (requested or processed). */
export async function refundsKnownToPaystack(db: DbOrTx, paymentId: string, amountKobo: number): Promise<number> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.amountKobo, amountKobo), inArray(refunds.status, ['requested', 'processed'])));
  return rows.length;
}

export async function markRefundRequested(db: DbOrTx, refundId: string, now: Date): Promise<void> {
  await db.update(refunds).set({ status: 'requested', requestedAt: now, lastError: null }).where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/** The refund a Paystack refund event of this amount on this transaction is about: the oldest one we requested. */
function oldestRequestedRefund(db: DbOrTx, transactionReference: string, amountKobo: number) {
  return db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.reference, transactionReference), eq(refunds.status, 'requested'), eq(refunds.amountKobo, amountKobo)))
    .orderBy(asc(refunds.createdAt))
    .limit(1);
}

/** Paystack could not process a requested refund of this amount: it goes back to be requested again later. */
export async function reopenFailedRefund(db: Db, transactionReference: string, amountKobo: number, reason: string, now: Date): Promise<boolean> {
  const [row] = await oldestRequestedRefund(db, transactionReference, amountKobo);
  if (!row) return false;
  await db.update(refunds).set({ status: 'pending', requestedAt: null }).where(eq(refunds.id, row.refund.id));
  await markRefundRetry(db, { ...row.refund, status: 'pending' }, `Paystack: ${reason}`, now);
  return true;
}

export async function markRefundRetry(db: DbOrTx, refund: RefundRow, error: string, now: Date): Promise<void> {
  const delayMs = Math.min(6 * 60 * 60 * 1000, 60_000 * 2 ** Math.min(refund.attempts, 10));
  await db
    .update(refunds)
    .set({ attempts: refund.attempts + 1, lastError: error.slice(0, 500), nextAttemptAt: new Date(now.getTime() + delayMs) })
    .where(eq(refunds.id, refund.id));
}

/**
 * Paystack processed a refund of `amountKobo` on this transaction: the oldest
 * requested refund of that amount is settled (ledger: refunds → out of paystack).
 * Never a pending one: that was not sent, and settling it would leave the one
 * that was sent unsettled and the pending one never sent. None requested yet
 * (the webhook beat our note of the request): false, and the event is retried.
 */
export async function settleRefund(db: Db, transactionReference: string, amountKobo: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [refund] = await oldestRequestedRefund(tx, transactionReference, amountKobo).for('update', { of: refunds });
    if (!refund) return false;
    const r = refund.refund;
    await postTransfer(tx, 'refund-settled', { account: 'refunds' }, { account: 'paystack' }, r.amountKobo, { paymentId: r.paymentId, ...(r.orderId ? { orderId: r.orderId } : {}) }, now);
    await tx.update(refunds).set({ status: 'processed', processedAt: now }).where(eq(refunds.id, r.id));
    return true;
  });
}

// ---- webhook events --------------------------------------------------------

/** Records a verified webhook; false when this exact event was received before. */
export async function recordPaystackEvent(db: DbOrTx, id: string, event: string, reference: string | null, payload: unknown, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(paystackEvents)
    .values({ id, event, reference, payload, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paystackEvents.id });
  return inserted.length > 0;
}

export async function unprocessedEvents(db: DbOrTx, limit: number) {
  // Events that failed before go after the new ones, so a few stuck events never hold up the rest.
  return db
    .select()
    .from(paystackEvents)
    .where(isNull(paystackEvents.processedAt))
    .orderBy(sql`${paystackEvents.error} IS NOT NULL`, asc(paystackEvents.receivedAt))
    .limit(limit);
}

export async function markEventProcessed(db: DbOrTx, id: string, now: Date, error: string | null): Promise<void> {
  await db
    .update(paystackEvents)
    .set(error === null ? { processedAt: now, error: null } : { error: error.slice(0, 500) })
    .where(eq(paystackEvents.id, id));
}

// ---- one money-out run at a time -------------------------------------------

/** Any fixed 64-bit number: the advisory lock every API instance takes to send refunds and payouts. */
const MONEY_OUT_LOCK = 7_231_011_425;

/**
 * Runs `work` only if no other API instance on this PostgreSQL database is
 * sending money out right now (a transaction-scoped advisory lock held on one
 * pooled connection while `work` runs on others); answers false when another
 * holds it. PGlite serves one process, so there `work` simply runs.
 */
export async function withMoneyOutLock(db: Db, driver: 'pglite' | 'postgres', work: () => Promise<void>): Promise<boolean> {
  if (driver === 'pglite') {
    await work();
    return true;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ got: sql<boolean>`pg_try_advisory_xact_lock(${MONEY_OUT_LOCK})` }).from(sql`(SELECT 1) AS one`);
    if (!row?.got) return false;
    await work();
    return true;
  });
}
