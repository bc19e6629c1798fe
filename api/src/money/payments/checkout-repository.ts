/**
 * The checkout's rows: carts and their lines, the products a checkout locks,
 * what live checkouts hold, and the payment rows from their reservation to
 * Paystack's first word (the checkout page, a failed start, reconciliation's
 * checks). The rules are checkout-service.ts's (reserveCheckout) and
 * checkout-runner.ts's (Paystack outside the transactions).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { cartItems, carts, paymentItems, payments, products, sellers, type PaymentRow } from '../../db/schema';

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
