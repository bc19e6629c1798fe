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
 *
 * Rows are repository.ts's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import type { PickupDetails } from '@campus/shared/schemas';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { PaymentRow } from '../../db/schema';
import { recordOrderStatusChanges, type OrderStatusChange } from '../../messages';
import { DomainError, conflict, forbidden, invalid } from '../../lib/domain-errors';
import { completionLookup, encryptCompletionCode } from './codes';
import { unusedCompletionCode } from './code-repository';
import { isRefusal, paymentMismatch, planCheckout, splitIntoOrders, RESERVATION_MS, type CheckoutLine } from './checkout-rules';
import { newOrderEmail, paymentReviewEmail, receiptEmail, refundEmail, type ReceiptOrder } from './emails';
import { splitChargeFee } from './fee-rules';
import { postJournal, postTransfer, storeAccount } from './ledger';
import { queueEmail } from './outbox';
import {
  abandonPendingOfGroup,
  abandonPendingPaymentsOf,
  buyerFirstName,
  cartById,
  cartIdOfUser,
  cartLinesWithProducts,
  fulfilledGroupsAmong,
  groupHasFulfilledSibling,
  insertOrder,
  insertPayment,
  insertRefund,
  joinCheckoutGroup,
  liveReservations,
  lockCheckoutGroup,
  lockPaymentByReference,
  paymentById,
  lockProducts,
  markPaymentFulfilled,
  markPaymentRefunded,
  markPaymentForReview,
  notePaystackTransactionId,
  paymentItemsOf,
  storesForOrderMail,
  takeStockAndCartLines,
  unitsHeldByBuyer,
  unpaidCheckoutsOfCart,
  unusedOrderCode,
} from './repository';

/** A checkout refusal's status (checkout-rules.ts) as the domain error it is. */
const REFUSAL_KIND = { 400: 'invalid', 403: 'forbidden', 409: 'conflict' } as const;

/** Our transaction reference: Paystack takes "only -, ., = and alphanumeric characters". */
export function newPaymentReference(): string {
  return `cm-${randomBytes(12).toString('hex')}`;
}

/** A checkout page is usable for a day at most: older unpaid checkouts of a cart no longer join its group. */
const CHECKOUT_PAGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

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
    const cart = await cartById(tx, request.cartId);
    if (cart && cart.userId !== userId) throw forbidden(MESSAGES.cart.notYourCart);
    if (!cart) {
      // The browser's cart id is stale (or it never had one): the cart it showed is not this one.
      throw (await cartIdOfUser(tx, userId)) ? conflict(MESSAGES.payment.cartChanged) : invalid(MESSAGES.payment.emptyCart);
    }
    // A new checkout replaces this buyer's earlier unpaid ones of this cart (a second tab, a retry): they stop
    // holding stock, and all of them form one checkout group, of which only the first paid is fulfilled
    // (fulfilPayment refunds any other paid later: one cart is never charged twice).
    // Before the products are locked: fulfilment locks a payment, then products; the same order here.
    const unpaid = await unpaidCheckoutsOfCart(tx, userId, cart.id, new Date(now.getTime() - CHECKOUT_PAGE_LIFETIME_MS));
    // A fulfilment of one of these groups under way finishes first: then its group reads as over below.
    for (const group of [...new Set(unpaid.map((p) => p.checkoutGroup ?? p.id))].sort()) await lockCheckoutGroup(tx, group);
    // A group one of whose checkouts was paid is over: its unpaid ones stay in it (refunded if paid), a new checkout starts afresh.
    const over = await fulfilledGroupsAmong(
      tx,
      unpaid.map((p) => p.checkoutGroup ?? p.id),
    );
    const joinable = unpaid.filter((p) => !over.has(p.checkoutGroup ?? p.id));
    const checkoutGroup = joinable.find((p) => p.checkoutGroup)?.checkoutGroup ?? joinable[0]?.id ?? null;
    if (checkoutGroup) {
      await joinCheckoutGroup(
        tx,
        joinable.map((p) => p.id),
        checkoutGroup,
      );
    }
    await abandonPendingPaymentsOf(tx, userId, now);
    const rows = await cartLinesWithProducts(tx, cart.id);
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

    return insertPayment(
      tx,
      {
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
      },
      plan.lines,
    );
  });
}

/** A person accepted a payment held in `review` as paid: `record` writes their audit row in the fulfilment's transaction. */
export interface ReviewAcceptance {
  record(tx: Tx): Promise<void>;
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
  accepted?: ReviewAcceptance,
): Promise<FulfilOutcome> {
  const { now } = ctx;
  return db.transaction(async (tx): Promise<FulfilOutcome> => {
    const payment = await lockPaymentByReference(tx, reported.reference);
    if (!payment) return { kind: 'not-found' };
    if (
      payment.fulfilledAt ||
      payment.refundedAt ||
      (payment.status === 'review') !== (accepted !== undefined) ||
      payment.status === 'success' ||
      payment.status === 'refunded'
    ) {
      return { kind: 'already', payment };
    }
    if (accepted) await accepted.record(tx);
    if (reported.id !== undefined && Number.isSafeInteger(reported.id)) {
      // Its refunds, if any, will name the transaction by this id.
      await notePaystackTransactionId(tx, payment.id, reported.id);
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
      const flagged = await markPaymentForReview(tx, payment.id, reviewReason, now);
      await queueEmail(tx, `review:${payment.id}`, paymentReviewEmail(ctx.config, payment.email, payment.reference), now);
      return { kind: 'review', payment: flagged ?? payment, reason: mismatch };
    }
    await bookFee(payment.amountKobo);

    if (payment.checkoutGroup) {
      // One fulfilment of a group at a time (two tabs' payments confirmed at once): the second sees the first's order.
      await lockCheckoutGroup(tx, payment.checkoutGroup);
      if (await groupHasFulfilledSibling(tx, payment.checkoutGroup, payment.id)) {
        // The buyer's second payment: they bear Paystack's fee on it, which Paystack keeps (fee-rules.ts).
        const fee = chargeFeeOf(payment.amountKobo);
        return refundWholePayment(tx, payment, payment.amountKobo, ctx, {
          reason: 'Another checkout of the same cart was paid first',
          buyerWhy: `You paid twice for the same cart (two checkouts): your other payment became your order, so this one is refunded${fee > 0 ? `, less Paystack's fee of ${formatNaira(koboToDecimalString(fee))}, which Paystack keeps` : ''}.`,
          buyerBearsFeeKobo: fee,
        });
      }
    }
    const items = await paymentItemsOf(tx, payment.id);
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

    const firstName = await buyerFirstName(tx, payment.userId);
    const stores = await storesForOrderMail(tx, [...new Set(items.map((i) => i.sellerId))]);

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
    const newOrders: OrderStatusChange[] = [];
    const chargeFees = splitChargeFee(
      chargeFeeOf(payment.amountKobo),
      planned.map((o) => o.totalKobo),
    );
    for (const [index, order] of planned.entries()) {
      const orderId = randomUUID();
      const orderCode = await unusedOrderCode(tx);
      const code = await unusedCompletionCode(tx, ctx.completionSecret, order.sellerId);
      await insertOrder(
        tx,
        {
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
        },
        order.lines,
      );
      const store = stores.get(order.sellerId);
      newOrders.push({
        order: { id: orderId, orderCode, buyerId: payment.userId },
        storeOwnerId: store?.userId ?? null,
        status: 'PENDING',
      });
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

    // The new orders appear live on the buyer's order list and the sellers' dashboards.
    await recordOrderStatusChanges(tx, newOrders, now);

    // What was bought leaves the stock and the cart (more of it added to the cart since stays).
    await takeStockAndCartLines(tx, payment.cartId, items, now);

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
    const done = await markPaymentFulfilled(tx, payment.id, now);
    // The other checkouts of this cart stop holding stock; one paid later is refunded (above).
    if (payment.checkoutGroup) await abandonPendingOfGroup(tx, payment.checkoutGroup, now);
    await queueEmail(
      tx,
      `receipt:${payment.id}`,
      receiptEmail(ctx.config, payment.email, firstName ?? 'there', payment.amountKobo, payment, receipt),
      now,
    );
    return { kind: 'fulfilled', payment: done ?? payment, productIds };
  });
}

/**
 * A person's decision on a payment held in `review` (Paystack took another currency): `accept` fulfils it as
 * paid the checkout's amount in naira, through the charge's own fulfilment (its orders made; refunded whole if
 * the items are gone since); `refund` gives it all back. Once: a decided payment is no longer in review
 * ('already' answered). `record` writes the decision's audit row in the same transaction.
 */
export async function decideReviewedPayment(
  db: Db,
  paymentId: string,
  outcome: 'accept' | 'refund',
  ctx: FulfilContext,
  record: (tx: Tx) => Promise<void>,
): Promise<FulfilOutcome> {
  const held = await paymentById(db, paymentId);
  if (!held) return { kind: 'not-found' };
  if (outcome === 'accept') {
    return fulfilPayment(db, { reference: held.reference, amount: held.amountKobo, currency: 'NGN' }, ctx, { record });
  }
  return db.transaction(async (tx): Promise<FulfilOutcome> => {
    const payment = await lockPaymentByReference(tx, held.reference);
    if (!payment) return { kind: 'not-found' };
    if (payment.status !== 'review' || payment.fulfilledAt || payment.refundedAt) return { kind: 'already', payment };
    await record(tx);
    return refundWholePayment(tx, payment, payment.amountKobo, ctx, {
      reason: 'Refunded after review',
      buyerWhy: 'The campus team checked your payment and refunds it in full.',
      ...(payment.reviewReason ? { reviewReason: payment.reviewReason } : {}),
    });
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
  const refunded = await markPaymentRefunded(tx, payment.id, now, why.reviewReason);
  await queueEmail(tx, `refund:${payment.id}`, refundEmail(ctx.config, payment.email, refundKobo, why.buyerWhy), now);
  return { kind: 'refunded', payment: refunded ?? payment };
}
