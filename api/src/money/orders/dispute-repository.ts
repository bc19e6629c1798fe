/**
 * Disputes as the order answers show them (`dispute` on an order). Reading
 * only: orders/order-views.ts attaches them to its views; the changes are in
 * disputes/service.ts.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Dispute } from '@campus/shared/schemas';
import type { DbOrTx } from '../../db/client';
import { disputes, disputeStatements, type DisputeRow, type DisputeStatementRow } from '../../db/schema';
import { toDecimal } from '../../products';

export function toDispute(row: DisputeRow, statements: readonly DisputeStatementRow[]): Dispute {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    openedAt: row.openedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    refunded: row.refundKobo === null ? null : toDecimal(row.refundKobo),
    decisionNote: row.decisionNote,
    statements: statements.map((s) => ({
      id: s.id,
      author: s.author,
      text: s.text,
      imageUrls: s.photos.map((p) => p.galleryUrl),
      createdAt: s.createdAt.toISOString(),
    })),
  };
}

/** The disputes of these orders (at most one each), with their statements oldest first. */
export async function disputesOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, Dispute>> {
  const byOrder = new Map<string, Dispute>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(disputes)
    .where(inArray(disputes.orderId, [...orderIds]));
  if (rows.length === 0) return byOrder;
  const statements = await db
    .select()
    .from(disputeStatements)
    .where(
      inArray(
        disputeStatements.disputeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(disputeStatements.createdAt), asc(disputeStatements.id));
  for (const row of rows)
    byOrder.set(
      row.orderId,
      toDispute(
        row,
        statements.filter((s) => s.disputeId === row.id),
      ),
    );
  return byOrder;
}

export async function disputeRowOfOrder(db: DbOrTx, orderId: string): Promise<DisputeRow | null> {
  const [row] = await db.select().from(disputes).where(eq(disputes.orderId, orderId)).limit(1);
  return row ?? null;
}
