/**
 * The checkout's transactions. Each runs in one database
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
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import type { PickupDetails } from '@campus/shared/schemas';
import type { AppConfig } from '../../config';
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
  type PaymentRow,
  type PayoutRow,
  type RefundRow,
} from '../../db/schema';
import { DomainError, conflict, forbidden, invalid } from '../../lib/domain-errors';
import { completionLookup, encryptCompletionCode, generateOrderCode } from './codes';
import { unusedCompletionCode } from './code-repository';
import { unitsHeldByBuyer } from './buyer-holds';
import { isRefusal, paymentMismatch, planCheckout, splitIntoOrders, RESERVATION_MS, type CheckoutLine } from './checkout-rules';
import { newOrderEmail, paymentReviewEmail, receiptEmail, refundAccountEmail, refundEmail, type ReceiptOrder } from './emails';
import { splitChargeFee } from './fee-rules';
import { postJournal, postTransfer, storeAccount } from './ledger';
import { queueEmail } from './outbox';

/** Our transaction reference: Paystack takes "only -, ., = and alphanumeric characters". */
/** A checkout refusal's status (checkout-rules.ts) as the domain error it is. */
const REFUSAL_KIND = { 400: 'invalid', 403: 'forbidden', 409: 'conflict' } as const;

export function newPaymentReference(): string {
  return `cm-${randomBytes(12).toString('hex')}`;
}

/** A checkout page is usable for a day at most: older unpaid checkouts of a cart no longer join its group. */
const CHECKOUT_PAGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Units each product has held by live checkouts (pending, not lapsed), other than `except`: one payment, and the
 * checkouts of its group (the same buyer's cart in another tab holds nothing against it: one of them is the order).
 */
async function liveReservations(
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
async function lockCheckoutGroup(tx: Tx, checkoutGroup: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`checkout-group:${checkoutGroup}`}))`);
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
      throw own ? conflict(MESSAGES.payment.cartChanged) : invalid(MESSAGES.payment.emptyCart);
    }
    // A new checkout replaces this buyer's earlier unpaid ones of this cart (a second tab, a retry): they stop
    // holding stock, and all of them form one checkout group, of which only the first paid is fulfilled
    // (fulfilPayment refunds any other paid later: one cart is never charged twice).
    // Before the products are locked: fulfilment locks a payment, then products; the same order here.
    const unpaid = await tx
      .select({ id: payments.id, checkoutGroup: payments.checkoutGroup })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.cartId, cart.id),
          inArray(payments.status, ['pending', 'abandoned', 'failed']),
          gt(payments.createdAt, new Date(now.getTime() - CHECKOUT_PAGE_LIFETIME_MS)),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id));
    // A fulfilment of one of these groups under way finishes first: then its group reads as over below.
    for (const group of [...new Set(unpaid.map((p) => p.checkoutGroup ?? p.id))].sort()) await lockCheckoutGroup(tx, group);
    // A group one of whose checkouts was paid is over: its unpaid ones stay in it (refunded if paid), a new checkout starts afresh.
    const groupsOver =
      unpaid.length === 0
        ? []
        : await tx
            .select({ group: payments.checkoutGroup })
            .from(payments)
            .where(
              and(
                inArray(
                  payments.checkoutGroup,
                  unpaid.map((p) => p.checkoutGroup ?? p.id),
                ),
                isNotNull(payments.fulfilledAt),
              ),
            );
    const over = new Set(groupsOver.map((g) => g.group));
    const joinable = unpaid.filter((p) => !over.has(p.checkoutGroup ?? p.id));
    const checkoutGroup = joinable.find((p) => p.checkoutGroup)?.checkoutGroup ?? joinable[0]?.id ?? null;
    if (checkoutGroup) {
      await tx
        .update(payments)
        .set({ checkoutGroup })
        .where(
          inArray(
            payments.id,
            joinable.map((p) => p.id),
          ),
        );
    }
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
    const locked = new Map(
      (
        await lockProducts(
          tx,
          rows.map((r) => r.product.id),
        )
      ).map((p) => [p.id, p]),
    );
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
    if (isRefusal(plan)) throw new DomainError(REFUSAL_KIND[plan.status], plan.message);

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
        checkoutGroup,
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
  reported: { reference: string; amount: number; currency: string; fees?: number | null | undefined; id?: number | undefined },
  ctx: FulfilContext,
): Promise<FulfilOutcome> {
  const { now } = ctx;
  return db.transaction(async (tx): Promise<FulfilOutcome> => {
    const [payment] = await tx.select().from(payments).where(eq(payments.reference, reported.reference)).limit(1).for('update');
    if (!payment) return { kind: 'not-found' };
    if (
      payment.fulfilledAt ||
      payment.refundedAt ||
      payment.status === 'review' ||
      payment.status === 'success' ||
      payment.status === 'refunded'
    ) {
      return { kind: 'already', payment };
    }
    if (reported.id !== undefined && Number.isSafeInteger(reported.id)) {
      // Its refunds, if any, will name the transaction by this id.
      await tx.update(payments).set({ paystackTransactionId: reported.id }).where(eq(payments.id, payment.id));
    }
    // Paystack keeps its fee out of what it settles: the money at Paystack is that much less. The platform
    // pays it here, and recovers it from the orders' releases (fee-rules.ts).
    const chargeFeeOf = (chargedKobo: number) => {
      const fee = reported.fees ?? 0;
      return Number.isSafeInteger(fee) && fee > 0 && fee < chargedKobo ? fee : 0;
    };
    const bookFee = async (chargedKobo: number) => {
      const fee = chargeFeeOf(chargedKobo);
      if (fee > 0)
        await postTransfer(tx, 'provider-fee', { account: 'platform:fees' }, { account: 'paystack' }, fee, { paymentId: payment.id }, now);
    };

    const mismatch = paymentMismatch(payment, reported);
    if (mismatch) {
      const reviewReason = `Paystack reported ${mismatch}`;
      // Not what we asked for, but naira we hold: it all goes back to the buyer at once (no order can come of it).
      if (reported.currency.toUpperCase() === 'NGN' && Number.isSafeInteger(reported.amount) && reported.amount > 0) {
        await bookFee(reported.amount);
        return refundWholePayment(tx, payment, reported.amount, ctx, {
          reason: reviewReason,
          reviewReason,
          buyerWhy: 'The amount Paystack took for your payment was not the amount of your order, so we could not create your order.',
        });
      }
      // Another currency, which our checkout never asks for: a person must look (the buyer is told).
      const [flagged] = await tx
        .update(payments)
        .set({ status: 'review', reviewReason, updatedAt: now })
        .where(eq(payments.id, payment.id))
        .returning();
      await queueEmail(tx, `review:${payment.id}`, paymentReviewEmail(ctx.config, payment.email, payment.reference), now);
      return { kind: 'review', payment: flagged ?? payment, reason: mismatch };
    }
    await bookFee(payment.amountKobo);

    if (payment.checkoutGroup) {
      // One fulfilment of a group at a time (two tabs' payments confirmed at once): the second sees the first's order.
      await lockCheckoutGroup(tx, payment.checkoutGroup);
      const [paidSibling] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.checkoutGroup, payment.checkoutGroup), ne(payments.id, payment.id), isNotNull(payments.fulfilledAt)))
        .limit(1);
      if (paidSibling) {
        // The buyer's second payment: they bear Paystack's fee on it, which Paystack keeps (fee-rules.ts).
        const fee = chargeFeeOf(payment.amountKobo);
        return refundWholePayment(tx, payment, payment.amountKobo, ctx, {
          reason: 'Another checkout of the same cart was paid first',
          buyerWhy: `You paid twice for the same cart (two checkouts): your other payment became your order, so this one is refunded${fee > 0 ? `, less Paystack's fee of ${formatNaira(koboToDecimalString(fee))}, which Paystack keeps` : ''}.`,
          buyerBearsFeeKobo: fee,
        });
      }
    }
    const items = await tx.select().from(paymentItems).where(eq(paymentItems.paymentId, payment.id)).orderBy(asc(paymentItems.productId));
    const productIds = items.flatMap((i) => (i.productId ? [i.productId] : []));
    const locked = new Map((await lockProducts(tx, productIds)).map((p) => [p.id, p]));
    // Its reservation no longer holds the stock if it lapsed or was replaced by a newer checkout:
    // then the units must be free now, after what live checkouts hold.
    const stillReserved = payment.status === 'pending' && payment.reservedUntil.getTime() > now.getTime();
    const others = stillReserved
      ? new Map<string, number>()
      : await liveReservations(tx, productIds, now, { paymentId: payment.id, checkoutGroup: payment.checkoutGroup });
    const deliverable = items.every((item) => {
      const product = item.productId ? locked.get(item.productId) : undefined;
      if (!product) return false;
      return item.quantity <= product.stockQuantity - (others.get(product.id) ?? 0);
    });
    if (!deliverable) {
      return refundWholePayment(tx, payment, payment.amountKobo, ctx, {
        reason: 'Paid after the items had sold out',
        buyerWhy: 'Your payment came through after the items you chose had sold out, so we could not create your order.',
      });
    }

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
    const chargeFees = splitChargeFee(
      chargeFeeOf(payment.amountKobo),
      planned.map((o) => o.totalKobo),
    );
    for (const [index, order] of planned.entries()) {
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
        chargeFeeKobo: chargeFees[index] ?? 0,
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
        await queueEmail(
          tx,
          `new-order:${orderId}`,
          newOrderEmail(ctx.config, store.email, storeName, { orderCode, totalKobo: order.totalKobo, items: orderItemsForMail }, payment),
          now,
        );
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
    if (payment.checkoutGroup) {
      // The other checkouts of this cart stop holding stock; one paid later is refunded (above).
      await tx
        .update(payments)
        .set({ status: 'abandoned', updatedAt: now })
        .where(and(eq(payments.checkoutGroup, payment.checkoutGroup), eq(payments.status, 'pending')));
    }
    await queueEmail(
      tx,
      `receipt:${payment.id}`,
      receiptEmail(ctx.config, payment.email, buyer?.firstName ?? 'there', payment.amountKobo, payment, receipt),
      now,
    );
    return { kind: 'fulfilled', payment: done ?? payment, productIds };
  });
}

/**
 * Paid, but no order can come of it (the items are gone, another checkout of the cart was paid first, the
 * amount was not the one asked for): all that Paystack took goes back (ledger, refund to request, the buyer told).
 */
async function refundWholePayment(
  tx: Tx,
  payment: PaymentRow,
  paidKobo: number,
  ctx: FulfilContext,
  why: { reason: string; buyerWhy: string; reviewReason?: string; buyerBearsFeeKobo?: number },
): Promise<FulfilOutcome> {
  const { now } = ctx;
  const keptFee = why.buyerBearsFeeKobo ?? 0;
  const refundKobo = paidKobo - keptFee;
  await postJournal(
    tx,
    'unallocated',
    [
      { account: 'paystack', amountKobo: paidKobo },
      { account: 'refunds', amountKobo: -refundKobo },
      ...(keptFee > 0 ? [{ account: 'platform:fees' as const, amountKobo: -keptFee }] : []),
    ],
    { paymentId: payment.id },
    now,
  );
  await insertRefund(tx, { paymentId: payment.id, orderId: null, amountKobo: refundKobo, reason: why.reason }, now);
  const [refunded] = await tx
    .update(payments)
    .set({
      status: 'refunded',
      paidAt: now,
      refundedAt: now,
      updatedAt: now,
      ...(why.reviewReason ? { reviewReason: why.reviewReason } : {}),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  await queueEmail(tx, `refund:${payment.id}`, refundEmail(ctx.config, payment.email, refundKobo, why.buyerWhy), now);
  return { kind: 'refunded', payment: refunded ?? payment };
}

async function unusedOrderCode(tx: Tx): Promise<string> {
  for (;;) {
    const code = generateOrderCode();
    const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderCode, code)).limit(1);
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
    await db
      .update(refunds)
      .set({ lastError: error.slice(0, 500), nextAttemptAt: new Date(now.getTime() + BALANCE_WAIT_MS) })
      .where(eq(refunds.id, refund.id));
    return;
  }
  const attempts = refund.attempts + 1;
  const delayMs = Math.min(6 * 60 * 60 * 1000, 60_000 * 2 ** Math.min(refund.attempts, 10));
  await db
    .update(refunds)
    .set({
      attempts,
      lastError: error.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + delayMs),
      ...(attempts >= MAX_REFUND_ATTEMPTS ? { attention: `Not refunded after ${attempts} attempts: ${error}`.slice(0, 500) } : {}),
    })
    .where(eq(refunds.id, refund.id));
}

/** A refund needs a person now (Paystack refused it in a way a retry cannot mend). */
export async function markRefundForAttention(db: DbOrTx, refundId: string, why: string): Promise<void> {
  await db
    .update(refunds)
    .set({ attention: why.slice(0, 500) })
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
    const [row] = await tx
      .select({ refund: refunds, email: payments.email })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.id, refundId))
      .limit(1)
      .for('update', { of: refunds });
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
      await tx
        .update(refunds)
        .set({ status: 'processed', paystackStatus: status, processedAt: now, attention: null })
        .where(eq(refunds.id, r.id));
    } else if (status === 'failed') {
      // Paystack's refund is over; a new one is asked for (a new Paystack id).
      await tx
        .update(refunds)
        .set({ status: 'pending', paystackStatus: status, paystackRefundId: null, requestedAt: null, sendingAt: null })
        .where(eq(refunds.id, r.id));
      await markRefundRetry(tx, { ...r, status: 'pending' }, 'Paystack could not process the refund', now);
    } else if (status === 'needs-attention') {
      if (r.status !== 'needs-account') {
        await tx.update(refunds).set({ status: 'needs-account', paystackStatus: status }).where(eq(refunds.id, r.id));
        await queueEmail(tx, `refund-account:${r.id}`, refundAccountEmail(ctx.config, row.email, r.amountKobo), now);
      }
    } else if (status === 'pending' || status === 'processing') {
      await tx.update(refunds).set({ status: 'requested', paystackStatus: status }).where(eq(refunds.id, r.id));
    }
  });
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
 * a person, and payments held in `review` (paid in another currency: at Paystack, with no journal and no order
 * until someone decides).
 */
export async function moneyNeedingAttention(db: DbOrTx): Promise<{ refunds: RefundRow[]; payouts: PayoutRow[]; payments: PaymentRow[] }> {
  const [refundRows, payoutRows, paymentRows] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(and(isNotNull(refunds.attention), ne(refunds.status, 'processed')))
      .orderBy(asc(refunds.createdAt))
      .limit(200),
    db.select().from(payouts).where(isNotNull(payouts.attention)).orderBy(asc(payouts.createdAt)).limit(200),
    db.select().from(payments).where(eq(payments.status, 'review')).orderBy(asc(payments.createdAt)).limit(200),
  ]);
  return { refunds: refundRows, payouts: payoutRows, payments: paymentRows };
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
