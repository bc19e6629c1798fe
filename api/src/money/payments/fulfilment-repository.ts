/**
 * The rows a paid payment's fulfilment reads and writes in its one
 * transaction (fulfilment-service.ts): the payment locked, its lines, the
 * orders per store, the stock and cart lines taken, and the payment marked
 * fulfilled, refunded or held for review.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItems, orders, paymentItems, payments, sellers, users, type PaymentItemRow, type PaymentRow } from '../../db/schema';
import type { PaymentLine } from './checkout-repository';
import { generateOrderCode } from './codes';

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
