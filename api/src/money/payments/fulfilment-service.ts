/**
 * The fulfilment of a paid payment. It runs in one database transaction that
 * first locks the payment row, so running it twice, or two of them at once,
 * cannot double anything:
 *
 * - fulfilPayment: on a confirmed payment, locks the payment row; the first
 *   run creates one order per store, takes the stock, empties those cart
 *   lines, posts the ledger and queues the e-mails; later runs find
 *   `fulfilled_at` set and do nothing. A payment whose items are gone is
 *   refunded whole instead.
 *
 * A person's decision on a payment held in review is review-decision.ts's.
 *
 * fulfilPayment's steps are functions of their own below, each given the one
 * transaction (`tx`) and called in the order they are listed. Rows are
 * fulfilment-repository.ts's (and refund-repository.ts's for the refunds).
 */
import { randomUUID } from 'node:crypto';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { PaymentItemRow, PaymentRow } from '../../db/schema';
import { removeBoughtFromCart } from '../../cart';
import { recordOrderStatusChanges, type OrderStatusChange } from '../../messages';
import { takeFromStock } from '../../products';
import { completionLookup, encryptCompletionCode } from './codes';
import { unusedCompletionCode } from './code-repository';
import { liveReservations, lockCheckoutGroup, lockProducts } from './checkout-repository';
import { paymentMismatch, splitIntoOrders, type PlannedOrder } from './checkout-rules';
import { newOrderEmail, paymentReviewEmail, receiptEmail, refundEmail, type ReceiptOrder } from './emails';
import { splitChargeFee } from './fee-rules';
import {
  abandonPendingOfGroup,
  buyerFirstName,
  groupHasFulfilledSibling,
  insertOrder,
  lockPaymentByReference,
  markPaymentForReview,
  markPaymentFulfilled,
  markPaymentRefunded,
  paymentItemsOf,
  storesForOrderMail,
  unusedOrderCode,
} from './fulfilment-repository';
import { postJournal, postTransfer, storeAccount } from './ledger';
import { queueEmail } from './outbox';
import { insertRefund, notePaystackTransactionId } from './refund-repository';

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

/** What Paystack reports of a paid transaction (webhook, verify, reconciliation, a person's acceptance). */
export interface ReportedPayment {
  reference: string;
  amount: number;
  currency: string;
  fees?: number | null | undefined;
  id?: number | undefined;
}

/**
 * Paystack says this reference was paid `reported.amount` kobo in `reported.currency`.
 * Exactly once per payment, whatever calls it how often (webhook, verify, reconciliation).
 */
export async function fulfilPayment(
  db: Db,
  reported: ReportedPayment,
  ctx: FulfilContext,
  accepted?: ReviewAcceptance,
): Promise<FulfilOutcome> {
  const { now } = ctx;
  return db.transaction(async (tx): Promise<FulfilOutcome> => {
    const locked = await lockPaymentToFulfil(tx, reported, accepted);
    if ('outcome' in locked) return locked.outcome;
    const { payment } = locked;
    const mismatched = await refundOrHoldMismatch(tx, payment, reported, ctx);
    if (mismatched) return mismatched;
    await bookChargeFee(tx, payment, reported, payment.amountKobo, now);
    const paidTwice = await refundSecondPaymentOfGroup(tx, payment, reported, ctx);
    if (paidTwice) return paidTwice;
    const { items, productIds, deliverable } = await lockItemsInStock(tx, payment, now);
    if (!deliverable) {
      return refundWholePayment(tx, payment, payment.amountKobo, ctx, {
        reason: 'Paid after the items had sold out',
        buyerWhy: 'Your payment came through after the items you chose had sold out, so we could not create your order.',
      });
    }
    const made = await createOrdersPerStore(tx, payment, items, chargeFeeOf(reported, payment.amountKobo), ctx);

    // What was bought leaves the stock and the cart (more of it added to the cart since stays).
    for (const item of items) {
      if (!item.productId) continue;
      await takeFromStock(tx, item.productId, item.quantity, now);
      await removeBoughtFromCart(tx, payment.cartId, item.productId, item.quantity);
    }

    await postPaymentJournal(tx, payment, made.planned, now);
    const done = await markPaymentFulfilled(tx, payment.id, now);
    // The other checkouts of this cart stop holding stock; one paid later is refunded (refundSecondPaymentOfGroup).
    if (payment.checkoutGroup) await abandonPendingOfGroup(tx, payment.checkoutGroup, now);
    await queueReceipt(tx, payment, made, ctx);
    return { kind: 'fulfilled', payment: done ?? payment, productIds };
  });
}

/**
 * Step 1: the payment, locked for the rest of the transaction; or the outcome when there is nothing to do
 * (unknown, fulfilled or refunded already, held in review unless a person accepts it now). A person's
 * acceptance writes its audit row, and Paystack's id of the transaction is noted.
 */
async function lockPaymentToFulfil(
  tx: Tx,
  reported: ReportedPayment,
  accepted: ReviewAcceptance | undefined,
): Promise<{ payment: PaymentRow } | { outcome: FulfilOutcome }> {
  const payment = await lockPaymentByReference(tx, reported.reference);
  if (!payment) return { outcome: { kind: 'not-found' } };
  if (
    payment.fulfilledAt ||
    payment.refundedAt ||
    (payment.status === 'review') !== (accepted !== undefined) ||
    payment.status === 'success' ||
    payment.status === 'refunded'
  ) {
    return { outcome: { kind: 'already', payment } };
  }
  if (accepted) await accepted.record(tx);
  if (reported.id !== undefined && Number.isSafeInteger(reported.id)) {
    // Its refunds, if any, will name the transaction by this id.
    await notePaystackTransactionId(tx, payment.id, reported.id);
  }
  return { payment };
}

// Paystack keeps its fee out of what it settles: the money at Paystack is that much less. The platform
// pays it here, and recovers it from the orders' releases (fee-rules.ts).

/** Paystack's fee on a charge of `chargedKobo` as it reported it; 0 when it reported none, or one that cannot be. */
function chargeFeeOf(reported: ReportedPayment, chargedKobo: number): number {
  const fee = reported.fees ?? 0;
  return Number.isSafeInteger(fee) && fee > 0 && fee < chargedKobo ? fee : 0;
}

/** The charge's fee booked: the platform pays it out of the money at Paystack. */
async function bookChargeFee(tx: Tx, payment: PaymentRow, reported: ReportedPayment, chargedKobo: number, now: Date): Promise<void> {
  const fee = chargeFeeOf(reported, chargedKobo);
  if (fee > 0)
    await postTransfer(tx, 'provider-fee', { account: 'platform:fees' }, { account: 'paystack' }, fee, { paymentId: payment.id }, now);
}

/**
 * Step 2: Paystack took another amount or currency than the checkout asked for. Naira are refunded whole
 * (their fee booked first); another currency is held in review for a person, the buyer told. Null: no mismatch.
 */
async function refundOrHoldMismatch(
  tx: Tx,
  payment: PaymentRow,
  reported: ReportedPayment,
  ctx: FulfilContext,
): Promise<FulfilOutcome | null> {
  const { now } = ctx;
  const mismatch = paymentMismatch(payment, reported);
  if (!mismatch) return null;
  const reviewReason = `Paystack reported ${mismatch}`;
  // Not what we asked for, but naira we hold: it all goes back to the buyer at once (no order can come of it).
  if (reported.currency.toUpperCase() === 'NGN' && Number.isSafeInteger(reported.amount) && reported.amount > 0) {
    await bookChargeFee(tx, payment, reported, reported.amount, now);
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

/** Step 3 (after the charge's fee is booked): another checkout of the same cart was fulfilled first: this one is refunded. */
async function refundSecondPaymentOfGroup(
  tx: Tx,
  payment: PaymentRow,
  reported: ReportedPayment,
  ctx: FulfilContext,
): Promise<FulfilOutcome | null> {
  if (!payment.checkoutGroup) return null;
  // One fulfilment of a group at a time (two tabs' payments confirmed at once): the second sees the first's order.
  await lockCheckoutGroup(tx, payment.checkoutGroup);
  if (!(await groupHasFulfilledSibling(tx, payment.checkoutGroup, payment.id))) return null;
  // The buyer's second payment: they bear Paystack's fee on it, which Paystack keeps (fee-rules.ts).
  const fee = chargeFeeOf(reported, payment.amountKobo);
  return refundWholePayment(tx, payment, payment.amountKobo, ctx, {
    reason: 'Another checkout of the same cart was paid first',
    buyerWhy: `You paid twice for the same cart (two checkouts): your other payment became your order, so this one is refunded${fee > 0 ? `, less Paystack's fee of ${formatNaira(koboToDecimalString(fee))}, which Paystack keeps` : ''}.`,
    buyerBearsFeeKobo: fee,
  });
}

/** Step 4: the payment's lines and their products, locked (in id order); deliverable when each line's units are free for it. */
async function lockItemsInStock(
  tx: Tx,
  payment: PaymentRow,
  now: Date,
): Promise<{ items: PaymentItemRow[]; productIds: string[]; deliverable: boolean }> {
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
  return { items, productIds, deliverable };
}

/** What the orders made of a payment leave for its journal and its receipt. */
interface MadeOrders {
  firstName: string | null;
  planned: PlannedOrder[];
  receipt: ReceiptOrder[];
}

/**
 * Step 5: one order per store, each with its share of the charge's fee and its completion code, the store's
 * e-mail queued with it; then the new orders appear live on the buyer's order list and the sellers' dashboards.
 */
async function createOrdersPerStore(
  tx: Tx,
  payment: PaymentRow,
  items: readonly PaymentItemRow[],
  chargeFeeKobo: number,
  ctx: FulfilContext,
): Promise<MadeOrders> {
  const { now } = ctx;
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
    chargeFeeKobo,
    planned.map((o) => o.totalKobo),
  );
  for (const [index, order] of planned.entries()) {
    const { orderId, orderCode, code } = await insertStoreOrder(tx, payment, order, chargeFees[index] ?? 0, ctx);
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
  return { firstName, planned, receipt };
}

/** One store's order and its lines, with an unused order code and completion code (kept as a lookup and sealed). */
async function insertStoreOrder(
  tx: Tx,
  payment: PaymentRow,
  order: PlannedOrder,
  chargeFeeKobo: number,
  ctx: FulfilContext,
): Promise<{ orderId: string; orderCode: string; code: string }> {
  const { now } = ctx;
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
      chargeFeeKobo,
      completionLookup: completionLookup(ctx.completionSecret, order.sellerId, code),
      completionSealed: encryptCompletionCode(ctx.completionSecret, orderId, code),
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    },
    order.lines,
  );
  return { orderId, orderCode, code };
}

/** Step 7 (after the stock and cart lines are taken): the money at Paystack, held for each store until its order is released. */
async function postPaymentJournal(tx: Tx, payment: PaymentRow, planned: readonly PlannedOrder[], now: Date): Promise<void> {
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
}

/** Last step: the buyer's receipt, naming each order with its completion code. */
async function queueReceipt(tx: Tx, payment: PaymentRow, made: MadeOrders, ctx: FulfilContext): Promise<void> {
  await queueEmail(
    tx,
    `receipt:${payment.id}`,
    receiptEmail(ctx.config, payment.email, made.firstName ?? 'there', payment.amountKobo, payment, made.receipt),
    ctx.now,
  );
}

/**
 * Paid, but no order can come of it (the items are gone, another checkout of the cart was paid first, the
 * amount was not the one asked for): all that Paystack took goes back (ledger, refund to request, the buyer told).
 */
export async function refundWholePayment(
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
