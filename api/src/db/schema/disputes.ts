/**
 * Disputes on accepted orders (opened by the buyer 14 days after payment
 * instead of a refund): the dispute, the two sides' statements, and the
 * campus team's decision. The money stays held in the store's account until
 * the decision moves it (orders/disputes.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DisputeStatus } from '@campus/shared/schemas';
import { users } from './accounts';
import { sellers, type PhotoRef } from './catalogue';
import { orders } from './orders';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type DisputeDecision = 'refund' | 'release' | 'part';

export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    status: text('status').$type<DisputeStatus>().notNull(),
    reason: text('reason').notNull(),
    openedAt: ts('opened_at').notNull(),
    decision: text('decision').$type<DisputeDecision>(),
    /** What the decision sent back to the buyer (0 when released). */
    refundKobo: bigint('refund_kobo', { mode: 'number' }),
    decisionNote: text('decision_note'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    // One dispute per order: a decided dispute closes the order.
    uniqueIndex('disputes_order_key').on(t.orderId),
    index('disputes_status_idx').on(t.status, t.openedAt),
    check('disputes_refund_not_negative', sql`${t.refundKobo} IS NULL OR ${t.refundKobo} >= 0`),
  ],
);

export const disputeStatements = pgTable(
  'dispute_statements',
  {
    id: text('id').primaryKey(),
    disputeId: text('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    author: text('author').$type<'buyer' | 'seller'>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    photos: jsonb('photos')
      .$type<PhotoRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('dispute_statements_dispute_idx').on(t.disputeId, t.createdAt)],
);

export type DisputeRow = typeof disputes.$inferSelect;
export type DisputeStatementRow = typeof disputeStatements.$inferSelect;
