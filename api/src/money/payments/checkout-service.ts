/**
 * The checkout's reservation. It runs in one database transaction that first
 * locks the rows the money belongs to, so running it twice, or two of them at
 * once, cannot double anything:
 *
 * - reserveCheckout: locks the cart's products (sorted by id, so two checkouts
 *   never deadlock), recomputes the total, and records the payment with its
 *   lines; while pending and not lapsed they hold that stock.
 *
 * A paid payment is fulfilled by fulfilment-service.ts. Rows are
 * checkout-repository.ts's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { MESSAGES } from '@campus/shared/messages';
import type { PickupDetails } from '@campus/shared/schemas';
import type { Db } from '../../db/client';
import type { PaymentRow } from '../../db/schema';
import { DomainError, conflict, forbidden, invalid } from '../../lib/domain-errors';
import { isRefusal, planCheckout, RESERVATION_MS, type CheckoutLine } from './checkout-rules';
import {
  abandonPendingPaymentsOf,
  cartById,
  cartIdOfUser,
  cartLinesWithProducts,
  fulfilledGroupsAmong,
  insertPayment,
  joinCheckoutGroup,
  liveReservations,
  lockCheckoutGroup,
  lockProducts,
  unitsHeldByBuyer,
  unpaidCheckoutsOfCart,
} from './checkout-repository';

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
