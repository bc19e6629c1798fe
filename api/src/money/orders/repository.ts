/**
 * Order rows: orders, their items, ratings and the stores' completion rows,
 * read and written. The rules (who may, the state machine, the money) are
 * service.ts's; a function taking `tx` runs inside the service's transaction.
 */
import { and, asc, count, countDistinct, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '@campus/shared/constants';
import type { DbOrTx, Tx } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  completionLocks,
  orderItems,
  orders,
  products,
  ratings,
  sellers,
  users,
  type OrderItemRow,
  type OrderRow,
  type RatingRow,
} from '../../db/schema';

export interface Page {
  page: number;
  limit: number;
}

export interface ItemWithRating {
  item: OrderItemRow;
  rating: number | null;
}

export async function itemsOf(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, ItemWithRating[]>> {
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

export type OrderWithStore = { order: OrderRow; catalogueName: string };

/** The buyer's orders (or those of one payment) with their store's name, newest first, and how many there are. */
export async function buyerOrderRows(
  db: DbOrTx,
  buyerId: string,
  page: Page | null,
  paymentId?: string,
): Promise<{ rows: OrderWithStore[]; total: number }> {
  const where = and(eq(orders.buyerId, buyerId), paymentId ? eq(orders.paymentId, paymentId) : undefined);
  const query = db
    .select({ order: orders, catalogueName: sellers.catalogueName })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const rows = page ? await query.limit(page.limit).offset((page.page - 1) * page.limit) : await query;
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The store's orders with the buyer's first name, newest first, and how many there are. `search` finds a part
 * of the order's id or code, the buyer's id or first name, or the hostel's name (case ignored); `statuses` keeps those.
 */
export async function sellerOrderRows(
  db: DbOrTx,
  sellerId: string,
  page: Page,
  search: string | undefined,
  statuses: readonly OrderStatus[] | undefined,
): Promise<{ rows: Array<{ order: OrderRow; buyerFirstName: string | null }>; total: number }> {
  const term = containsPattern(search);
  const where = and(
    eq(orders.sellerId, sellerId),
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    term
      ? or(
          ilike(orders.id, term),
          ilike(orders.orderCode, term),
          ilike(orders.buyerId, term),
          ilike(users.firstName, term),
          ilike(orders.hostelName, term),
        )
      : undefined,
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
  return { rows, total: total?.n ?? 0 };
}

/** What a store sold over all its orders; a cancelled (refunded) order counts for nothing. */
export async function sellerSales(
  db: DbOrTx,
  sellerId: string,
): Promise<{ revenueKobo: number; orderCount: number; customerCount: number; products: Array<{ productId: string; unitsSold: number }> }> {
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

/** The store's products (name, id) with the orders of each since `since` (cancelled ones left out). */
export async function storeProductOrders(
  db: DbOrTx,
  sellerId: string,
  since: Date,
): Promise<Array<{ productId: string; name: string; orders: number }>> {
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      orders: sql<string>`count(distinct ${orders.id}) filter (where ${orders.status} <> 'CANCELLED' and ${orders.createdAt} >= ${since.toISOString()})`,
    })
    .from(products)
    .leftJoin(orderItems, eq(orderItems.productId, products.id))
    .leftJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(products.sellerId, sellerId))
    .groupBy(products.id, products.name);
  return rows.map((r) => ({ productId: r.productId, name: r.name, orders: Number(r.orders) }));
}

export async function orderRow(db: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

export async function orderWithStore(db: DbOrTx, orderId: string): Promise<OrderWithStore[]> {
  return db
    .select({ order: orders, catalogueName: sellers.catalogueName })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.id, orderId))
    .limit(1);
}

/** The order's row, locked for the transaction. */
export async function lockOrderRow(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  return row ?? null;
}

export type OrderChange = Partial<Omit<OrderRow, 'id' | 'buyerId' | 'sellerId' | 'paymentId' | 'createdAt'>>;

export async function updateOrder(tx: DbOrTx, orderId: string, change: OrderChange): Promise<void> {
  await tx.update(orders).set(change).where(eq(orders.id, orderId));
}

/** The order's items in product-id order (the order checkout and fulfilment lock products in). */
export async function orderItemsByProduct(tx: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.productId));
}

export type CompletionLockRow = typeof completionLocks.$inferSelect;

/** The store's completion row (made on first use), locked: every completion attempt of the store queues on it. */
export async function lockStoreCompletion(tx: Tx, sellerId: string, dayStartedAt: Date): Promise<CompletionLockRow | undefined> {
  await tx.insert(completionLocks).values({ sellerId, failures: 0, windowStartedAt: dayStartedAt, locks: 0 }).onConflictDoNothing();
  const [row] = await tx.select().from(completionLocks).where(eq(completionLocks.sellerId, sellerId)).limit(1).for('update');
  return row;
}

export async function saveStoreCompletion(
  tx: DbOrTx,
  sellerId: string,
  state: { failures: number; dayStartedAt: Date; lockedUntil: Date | null; locks: number },
): Promise<void> {
  await tx
    .update(completionLocks)
    .set({ failures: state.failures, windowStartedAt: state.dayStartedAt, lockedUntil: state.lockedUntil, locks: state.locks })
    .where(eq(completionLocks.sellerId, sellerId));
}

/** The buyer's DELIVERED order items of this product (the one named, else all), oldest first, locked, with their rating's id if rated. */
export async function lockRatableItems(
  tx: Tx,
  buyerId: string,
  productId: string,
  orderItemId: string | undefined,
): Promise<Array<{ itemId: string; rated: string | null }>> {
  return tx
    .select({ itemId: orderItems.id, rated: ratings.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(ratings, eq(ratings.orderItemId, orderItems.id))
    .where(
      and(
        eq(orders.buyerId, buyerId),
        eq(orders.status, 'DELIVERED'),
        eq(orderItems.productId, productId),
        orderItemId ? eq(orderItems.id, orderItemId) : undefined,
      ),
    )
    .orderBy(asc(orders.deliveredAt), asc(orderItems.id))
    .for('update', { of: orderItems });
}

/** Inserts the rating; null when the item was rated meanwhile. */
export async function insertRating(tx: DbOrTx, rating: typeof ratings.$inferInsert): Promise<RatingRow | null> {
  const inserted = await tx.insert(ratings).values(rating).onConflictDoNothing().returning();
  return inserted[0] ?? null;
}

export async function firstNameOf(tx: DbOrTx, userId: string): Promise<string | null> {
  const [user] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.firstName ?? null;
}

export async function insertDemoRating(db: DbOrTx, values: typeof ratings.$inferInsert): Promise<void> {
  await db.insert(ratings).values(values);
}
