/**
 * The messages domain's tables (api/src/messages writes them): conversations and messages, blocks
 * and reports of messages, and the event stream's events, cursors and tickets.
 */
import type { ReportReason } from '@campus/shared/schemas';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts, type PhotoRef } from './columns';
import { orders } from './money';
import { products } from './products';
import { sellers } from './sellers';

export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** `product:<id>`, `order:<id>` or `store`: the same pair about the same subject shares one conversation. */
    subjectKey: text('subject_key').notNull(),
    createdAt: ts('created_at').notNull(),
    lastMessageAt: ts('last_message_at'),
    /** The highest message seq each side has read. */
    buyerReadSeq: bigint('buyer_read_seq', { mode: 'number' }).notNull().default(0),
    sellerReadSeq: bigint('seller_read_seq', { mode: 'number' }).notNull().default(0),
    /**
     * The latest seq each side was e-mailed about (unread e-mails). A side is
     * e-mailed again only once it has read up to it: one e-mail per
     * conversation until the student reads it.
     */
    buyerEmailedSeq: bigint('buyer_emailed_seq', { mode: 'number' }).notNull().default(0),
    sellerEmailedSeq: bigint('seller_emailed_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('conversations_pair_subject_key').on(t.buyerId, t.sellerId, t.subjectKey),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageAt),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    /** Increasing in insertion order: the read marks and backwards paging compare it. */
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: text('id').notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    photos: jsonb('photos')
      .$type<PhotoRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    safetyNotice: text('safety_notice').$type<'payment-details'>(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('messages_id_key').on(t.id), index('messages_conversation_idx').on(t.conversationId, t.seq)],
);

/** A student who blocked another: the blocked one can no longer message them. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/** Reports of a conversation or one of its messages, kept for the operations console. */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind').$type<'conversation' | 'message'>().notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: text('message_id'),
    /** The reason from the list (`REPORT_REASONS`); null on reports made before the list. */
    reasonCode: text('reason_code').$type<ReportReason>(),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull(),
    handledAt: ts('handled_at'),
  },
  (t) => [index('reports_open_idx').on(t.handledAt, t.createdAt)],
);

/** The last event id given to each user: the row is locked while an event is recorded, so ids commit in order. */
export const eventCursors = pgTable('event_cursors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});

/** What a user's event stream sends, kept so a reconnect resumes from its Last-Event-ID. */
export const events = pgTable(
  'events',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('events_created_idx').on(t.createdAt),
    check('events_id_positive', sql`${t.id} > 0`),
  ],
);

/** Short-lived tickets that open an event stream (EventSource cannot send an Authorization header). */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);

/** A student's messaging settings; no row: the defaults (unread messages are e-mailed). */
export const messageSettings = pgTable('message_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailUnread: boolean('email_unread').notNull().default(true),
  updatedAt: ts('updated_at').notNull(),
});

export type ConversationRow = typeof conversations.$inferSelect;

export type MessageRow = typeof messages.$inferSelect;

export type EventRow = typeof events.$inferSelect;
