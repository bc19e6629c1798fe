/**
 * Payment, checkout and refund rows, and the Paystack events: reading,
 * locking and writing them. The rules are the services': checkout-service.ts
 * (reserve, fulfil), refund-service.ts (Paystack's word on a refund) and
 * service.ts (the steps in order, Paystack outside the transactions).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  cartItems,
  carts,
  orderItems,
  orders,
  paymentItems,
  payments,
  payouts,
  paystackEvents,
  products,
  refunds,
  sellers,
  users,
  type PaymentItemRow,
  type PaymentRow,
  type PayoutRow,
  type RefundRow,
} from '../../db/schema';
import { generateOrderCode } from './codes';

// ---- checkout --------------------------------------------------------------

/**
 * Units each product has held by live checkouts (pending, not lapsed), other than `except`: one payment, and the
 * checkouts of its group (the same buyer's cart in another tab holds nothing against it: one of them is the order).
 */
export async function liveReservations(
  tx: DbOrTx,
  productIds: readonly string[],
  now: Date,
  except?: { paymentId: string; checkoutGroup: string | null },
): Promise<Map<string, number>> {
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
        except ? ne(payments.id, except.paymentId) : undefined,
        except?.checkoutGroup ? or(isNull(payments.checkoutGroup), ne(payments.checkoutGroup, except.checkoutGroup)) : undefined,
      ),
    )
    .groupBy(paymentItems.productId);
  return new Map(rows.flatMap((r) => (r.productId ? [[r.productId, Number(r.units)] as const] : [])));
}

/** Serialises the fulfilments and new checkouts of one checkout group, until the transaction ends. */
export async function lockCheckoutGroup(tx: Tx, checkoutGroup: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`checkout-group:${checkoutGroup}`}))`);
}

/**
 * Locks these products for the rest of the transaction, in id order (no deadlock between two checkouts).
 * A listing hidden by an operator (or by its store's suspension) answers no stock: it cannot be bought,
 * even from a cart that held it before it was hidden.
 */
export async function lockProducts(tx: Tx, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return tx
    .select({
      id: products.id,
      stockQuantity: sql<number>`CASE WHEN ${products.hiddenReason} IS NULL THEN ${products.stockQuantity} ELSE 0 END`.mapWith(Number),
      priceKobo: products.priceKobo,
    })
    .from(products)
    .where(inArray(products.id, [...productIds]))
    .orderBy(asc(products.id))
    .for('update');
}

/** Units held by the buyer's live checkouts (pending, hold not lapsed): the MAX_RESERVED_UNITS_PER_BUYER cap in checkout-rules.ts. */
export async function unitsHeldByBuyer(tx: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ units: sql<string | null>`sum(${paymentItems.quantity})` })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending'), gt(payments.reservedUntil, now)));
  return Number(row?.units ?? 0);
}

export async function cartById(tx: DbOrTx, cartId: string) {
  const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  return cart ?? null;
}

export async function cartIdOfUser(tx: DbOrTx, userId: string): Promise<string | null> {
  const [own] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
  return own?.id ?? null;
}

/** The buyer's pending, abandoned or failed checkouts of this cart made since `since`, oldest first. */
export async function unpaidCheckoutsOfCart(tx: DbOrTx, userId: string, cartId: string, since: Date) {
  return tx
    .select({ id: payments.id, checkoutGroup: payments.checkoutGroup })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.cartId, cartId),
        inArray(payments.status, ['pending', 'abandoned', 'failed']),
        gt(payments.createdAt, since),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Those of these checkout groups one of whose payments was fulfilled. */
export async function fulfilledGroupsAmong(tx: DbOrTx, groups: readonly string[]): Promise<Set<string | null>> {
  if (groups.length === 0) return new Set();
  const rows = await tx
    .select({ group: payments.checkoutGroup })
    .from(payments)
    .where(and(inArray(payments.checkoutGroup, [...groups]), isNotNull(payments.fulfilledAt)));
  return new Set(rows.map((g) => g.group));
}

export async function joinCheckoutGroup(tx: DbOrTx, paymentIds: readonly string[], checkoutGroup: string): Promise<void> {
  await tx
    .update(payments)
    .set({ checkoutGroup })
    .where(inArray(payments.id, [...paymentIds]));
}

/** The buyer's pending checkouts stop holding stock. */
export async function abandonPendingPaymentsOf(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'abandoned', updatedAt: now })
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')));
}

/** The cart's lines with their products and the stores' users, in product id order. */
export async function cartLinesWithProducts(tx: DbOrTx, cartId: string) {
  return tx
    .select({ item: cartItems, product: products, sellerUserId: sellers.userId })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(products.id));
}

export interface PaymentLine {
  productId: string;
  sellerId: string;
  quantity: number;
  unitPriceKobo: number;
  productName: string;
  productSlug: string;
  imageUrl: string | null;
}

/** Records a payment and its lines. */
export async function insertPayment(tx: Tx, payment: typeof payments.$inferInsert, lines: readonly PaymentLine[]): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(payment).returning();
  if (!row) throw new Error('payment not recorded');
  await tx.insert(paymentItems).values(
    lines.map((line) => ({
      id: randomUUID(),
      paymentId: row.id,
      productId: line.productId,
      sellerId: line.sellerId,
      quantity: line.quantity,
      unitPriceKobo: line.unitPriceKobo,
      productName: line.productName,
      productSlug: line.productSlug,
      imageUrl: line.imageUrl,
    })),
  );
  return row;
}

export async function recordCheckoutPage(
  db: DbOrTx,
  paymentId: string,
  authorizationUrl: string,
  accessCode: string,
  now: Date,
): Promise<void> {
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

// ---- fulfilment ------------------------------------------------------------

/** The payment, locked for the rest of the transaction. */
export async function lockPaymentByReference(tx: Tx, reference: string): Promise<PaymentRow | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.reference, reference)).limit(1).for('update');
  return payment ?? null;
}

export async function paymentById(db: DbOrTx, paymentId: string): Promise<PaymentRow | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return payment ?? null;
}

export async function markPaymentForReview(
  tx: DbOrTx,
  paymentId: string,
  reviewReason: string,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [flagged] = await tx
    .update(payments)
    .set({ status: 'review', reviewReason, updatedAt: now })
    .where(eq(payments.id, paymentId))
    .returning();
  return flagged;
}

/** Whether another payment of this checkout group was fulfilled. */
export async function groupHasFulfilledSibling(tx: DbOrTx, checkoutGroup: string, paymentId: string): Promise<boolean> {
  const [paidSibling] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.checkoutGroup, checkoutGroup), ne(payments.id, paymentId), isNotNull(payments.fulfilledAt)))
    .limit(1);
  return paidSibling !== undefined;
}

export async function paymentItemsOf(tx: DbOrTx, paymentId: string): Promise<PaymentItemRow[]> {
  return tx.select().from(paymentItems).where(eq(paymentItems.paymentId, paymentId)).orderBy(asc(paymentItems.productId));
}

export async function buyerFirstName(tx: DbOrTx, userId: string): Promise<string | null> {
  const [buyer] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
  return buyer?.firstName ?? null;
}

/** The stores' names and their owners' e-mail addresses, by store id. */
export async function storesForOrderMail(tx: DbOrTx, sellerIds: readonly string[]) {
  if (sellerIds.length === 0) return new Map<string, { id: string; catalogueName: string; email: string; userId: string }>();
  const rows = await tx
    .select({ id: sellers.id, catalogueName: sellers.catalogueName, email: users.email, userId: sellers.userId })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(inArray(sellers.id, [...sellerIds]));
  return new Map(rows.map((s) => [s.id, s]));
}

export async function unusedOrderCode(tx: DbOrTx): Promise<string> {
  for (;;) {
    const code = generateOrderCode();
    const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderCode, code)).limit(1);
    if (!taken) return code;
  }
}

/** Records an order and its lines. */
export async function insertOrder(
  tx: DbOrTx,
  order: typeof orders.$inferInsert & { id: string },
  lines: readonly PaymentLine[],
): Promise<void> {
  await tx.insert(orders).values(order);
  await tx.insert(orderItems).values(
    lines.map((line) => ({
      id: randomUUID(),
      orderId: order.id,
      productId: line.productId,
      quantity: line.quantity,
      unitPriceKobo: line.unitPriceKobo,
      productName: line.productName,
      productSlug: line.productSlug,
      imageUrl: line.imageUrl,
    })),
  );
}

/** Takes the bought units out of stock and out of the cart (more of a product added to the cart since stays). */
export async function takeStockAndCartLines(tx: DbOrTx, cartId: string, items: readonly PaymentItemRow[], now: Date): Promise<void> {
  for (const item of items) {
    if (!item.productId) continue;
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${item.quantity}`, updatedAt: now })
      .where(eq(products.id, item.productId));
    const line = and(eq(cartItems.cartId, cartId), eq(cartItems.productId, item.productId));
    await tx.delete(cartItems).where(and(line, lte(cartItems.quantity, item.quantity)));
    await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${item.quantity}` })
      .where(line);
  }
}

export async function markPaymentFulfilled(tx: DbOrTx, paymentId: string, now: Date): Promise<PaymentRow | undefined> {
  const [done] = await tx
    .update(payments)
    .set({ status: 'success', paidAt: now, fulfilledAt: now, updatedAt: now })
    .where(eq(payments.id, paymentId))
    .returning();
  return done;
}

/** The group's other pending checkouts stop holding stock. */
export async function abandonPendingOfGroup(tx: DbOrTx, checkoutGroup: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'abandoned', updatedAt: now })
    .where(and(eq(payments.checkoutGroup, checkoutGroup), eq(payments.status, 'pending')));
}

export async function markPaymentRefunded(
  tx: DbOrTx,
  paymentId: string,
  now: Date,
  reviewReason?: string,
): Promise<PaymentRow | undefined> {
  const [refunded] = await tx
    .update(payments)
    .set({ status: 'refunded', paidAt: now, refundedAt: now, updatedAt: now, ...(reviewReason ? { reviewReason } : {}) })
    .where(eq(payments.id, paymentId))
    .returning();
  return refunded;
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

/** Money Paystack has already taken out of the balance and the ledger not yet: transfers sent and refunds asked for, with no final word. */
export async function moneyOnItsWayKobo(db: DbOrTx): Promise<number> {
  const [transfers] = await db
    .select({ kobo: sql<string>`coalesce(sum(${payouts.amountKobo}), 0)` })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), isNotNull(payouts.transferCode)));
  const [asked] = await db
    .select({ kobo: sql<string>`coalesce(sum(${refunds.amountKobo}), 0)` })
    .from(refunds)
    .where(inArray(refunds.status, ['requested', 'needs-account']));
  return Number(transfers?.kobo ?? 0) + Number(asked?.kobo ?? 0);
}

/**
 * Money a person must act on (the operations console's money queue reads these): refunds and payouts marked for
 * a person, refunds waiting for the buyer's bank account, and payments held in `review` (paid in another currency: at Paystack, with no journal and no order
 * until someone decides).
 */
export async function moneyNeedingAttention(db: DbOrTx): Promise<{ refunds: RefundRow[]; payouts: PayoutRow[]; payments: PaymentRow[] }> {
  const [refundRows, payoutRows, paymentRows] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(and(or(isNotNull(refunds.attention), eq(refunds.status, 'needs-account')), ne(refunds.status, 'processed')))
      .orderBy(asc(refunds.createdAt))
      .limit(200),
    db.select().from(payouts).where(isNotNull(payouts.attention)).orderBy(asc(payouts.createdAt)).limit(200),
    db.select().from(payments).where(eq(payments.status, 'review')).orderBy(asc(payments.createdAt)).limit(200),
  ]);
  return { refunds: refundRows, payouts: payoutRows, payments: paymentRows };
}

/** The reference and buyer's e-mail of each payment (the money queue names refunds by them). */
export async function paymentContacts(
  db: DbOrTx,
  paymentIds: readonly string[],
): Promise<Map<string, { reference: string; email: string }>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.id, reference: payments.reference, email: payments.email })
    .from(payments)
    .where(inArray(payments.id, [...paymentIds]));
  return new Map(rows.map((r) => [r.id, { reference: r.reference, email: r.email }]));
}

// ---- webhook events --------------------------------------------------------

/** Records a verified webhook; false when this exact event was received before. */
export async function recordPaystackEvent(
  db: DbOrTx,
  id: string,
  event: string,
  reference: string | null,
  payload: unknown,
  now: Date,
): Promise<boolean> {
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
