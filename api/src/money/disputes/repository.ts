/**
 * Dispute rows: a dispute, its statements, its decision, and the campus
 * team's list, read and written. The rules are service.ts's; the disputes an
 * order's answer shows are read by orders/dispute-repository.ts.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { disputes, disputeStatements, orders, sellers, users, type DisputeRow, type OrderRow } from '../../db/schema';

export async function insertDispute(tx: DbOrTx, dispute: typeof disputes.$inferInsert): Promise<void> {
  await tx.insert(disputes).values(dispute);
}

export async function insertStatement(tx: DbOrTx, statement: typeof disputeStatements.$inferInsert): Promise<void> {
  await tx.insert(disputeStatements).values(statement);
}

/** The order a dispute is about, read without a lock (the service locks the order first). */
export async function orderIdOfDispute(tx: DbOrTx, disputeId: string): Promise<string | null> {
  const [found] = await tx.select({ orderId: disputes.orderId }).from(disputes).where(eq(disputes.id, disputeId)).limit(1);
  return found?.orderId ?? null;
}

export async function lockDispute(tx: Tx, disputeId: string): Promise<DisputeRow | null> {
  const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).limit(1).for('update');
  return dispute ?? null;
}

export async function updateDispute(
  tx: DbOrTx,
  disputeId: string,
  change: Partial<Omit<DisputeRow, 'id' | 'orderId' | 'buyerId' | 'sellerId'>>,
): Promise<void> {
  await tx.update(disputes).set(change).where(eq(disputes.id, disputeId));
}

export interface DisputeListing {
  dispute: DisputeRow;
  orderCode: string;
  totalKobo: number;
  orderStatus: OrderRow['status'];
  storeName: string;
  buyerEmail: string;
  statements: number;
}

/** Disputes for the campus team with their order, store and buyer, open ones first, oldest first within. */
export async function disputeListingRows(db: DbOrTx, onlyOpen: boolean): Promise<Array<Omit<DisputeListing, 'statements'>>> {
  const rows = await db
    .select({
      dispute: disputes,
      orderCode: orders.orderCode,
      totalKobo: orders.totalKobo,
      orderStatus: orders.status,
      storeName: sellers.catalogueName,
      buyerEmail: users.email,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(sellers, eq(sellers.id, disputes.sellerId))
    .innerJoin(users, eq(users.id, disputes.buyerId))
    .where(onlyOpen ? eq(disputes.status, 'open') : undefined)
    .orderBy(desc(eq(disputes.status, 'open')), asc(disputes.openedAt));
  return rows;
}
