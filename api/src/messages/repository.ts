/** Rows of the messages domain: conversations, messages, read marks, blocks, reports, stream tickets. No rules here (service.ts). */
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resultRows, type DbOrTx } from '../db/client';
import {
  conversations,
  messageSettings,
  messages,
  orders,
  products,
  reports,
  sellers,
  streamTickets,
  userBlocks,
  users,
  type ConversationRow,
  type MessageRow,
  type PhotoRef,
} from '../db/schema';

/** The user who owns the store, or null when there is no such store. */
export async function storeOwnerId(db: DbOrTx, sellerId: string): Promise<string | null> {
  const [row] = await db.select({ userId: sellers.userId }).from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  return row?.userId ?? null;
}

export async function findOrderParties(db: DbOrTx, orderId: string): Promise<{ id: string; buyerId: string; sellerId: string } | null> {
  const [row] = await db
    .select({ id: orders.id, buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

export async function findProductStore(db: DbOrTx, productId: string): Promise<{ id: string; sellerId: string } | null> {
  const [row] = await db.select({ id: products.id, sellerId: products.sellerId }).from(products).where(eq(products.id, productId)).limit(1);
  return row ?? null;
}

export async function findConversation(db: DbOrTx, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

const callerStore = alias(sellers, 'caller_store');

/**
 * The conversation, its store's owner and the caller's own store (null: none), in one read: every
 * message, read mark and page of a thread asks it first.
 */
export async function findConversationForCaller(
  db: DbOrTx,
  id: string,
  callerId: string,
): Promise<{ conversation: ConversationRow; ownerId: string | null; callerStoreId: string | null } | null> {
  const [row] = await db
    .select({ conversation: conversations, ownerId: sellers.userId, callerStoreId: callerStore.id })
    .from(conversations)
    .leftJoin(sellers, eq(sellers.id, conversations.sellerId))
    .leftJoin(callerStore, eq(callerStore.userId, callerId))
    .where(eq(conversations.id, id))
    .limit(1);
  return row ?? null;
}

/** Inserts the conversation unless the pair already has one about the subject; answers the one that exists. */
export async function insertOrFindConversation(
  db: DbOrTx,
  row: Pick<ConversationRow, 'id' | 'buyerId' | 'sellerId' | 'productId' | 'orderId' | 'subjectKey' | 'createdAt'>,
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const [inserted] = await db.insert(conversations).values(row).onConflictDoNothing().returning();
  if (inserted) return { conversation: inserted, created: true };
  const [existing] = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.buyerId, row.buyerId), eq(conversations.sellerId, row.sellerId), eq(conversations.subjectKey, row.subjectKey)),
    )
    .limit(1);
  if (!existing) throw new Error('conversation vanished after a conflicting insert');
  return { conversation: existing, created: false };
}

export async function conversationExists(db: DbOrTx, buyerId: string, sellerId: string, subjectKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.buyerId, buyerId), eq(conversations.sellerId, sellerId), eq(conversations.subjectKey, subjectKey)))
    .limit(1);
  return Boolean(row);
}

/** Conversations where the user is the buyer or owns the store, with a message at least, latest first. */
export async function conversationsOf(db: DbOrTx, userId: string, storeId: string | null): Promise<ConversationRow[]> {
  const mine = storeId ? or(eq(conversations.buyerId, userId), eq(conversations.sellerId, storeId)) : eq(conversations.buyerId, userId);
  return db
    .select()
    .from(conversations)
    .where(and(mine, sql`${conversations.lastMessageAt} IS NOT NULL`))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(200);
}

export interface ConversationNames {
  buyerNames: Map<string, string>;
  stores: Map<string, { name: string; ownerId: string }>;
  products: Map<string, { slug: string; name: string; thumbnailUrl: string | null }>;
}

export async function namesFor(db: DbOrTx, rows: readonly ConversationRow[]): Promise<ConversationNames> {
  const buyerIds = [...new Set(rows.map((r) => r.buyerId))];
  const storeIds = [...new Set(rows.map((r) => r.sellerId))];
  const productIds = [...new Set(rows.flatMap((r) => (r.productId ? [r.productId] : [])))];
  const buyerRows = buyerIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName })
        .from(users)
        .where(inArray(users.id, buyerIds))
    : [];
  const storeRows = storeIds.length
    ? await db
        .select({ id: sellers.id, name: sellers.catalogueName, ownerId: sellers.userId })
        .from(sellers)
        .where(inArray(sellers.id, storeIds))
    : [];
  const productRows = productIds.length
    ? await db
        .select({ id: products.id, slug: products.slug, name: products.name, photos: products.photos })
        .from(products)
        .where(inArray(products.id, productIds))
    : [];
  return {
    buyerNames: new Map(buyerRows.map((u) => [u.id, u.displayName || `${u.firstName} ${u.lastName}`.trim()])),
    stores: new Map(storeRows.map((s) => [s.id, { name: s.name, ownerId: s.ownerId }])),
    products: new Map(productRows.map((p) => [p.id, { slug: p.slug, name: p.name, thumbnailUrl: p.photos[0]?.cardUrl ?? null }])),
  };
}

/** The newest message of each conversation. */
export async function lastMessages(db: DbOrTx, conversationIds: readonly string[]): Promise<Map<string, MessageRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, [...conversationIds]))
    .orderBy(messages.conversationId, desc(messages.seq));
  return new Map(rows.map((m) => [m.conversationId, m]));
}

/**
 * Messages from the other side after the user's read mark, per conversation where the user is buyer or
 * owns the store. `storeId` 'look-up' finds the user's store in the same statement (the send path asks
 * it for the recipient, inside its transaction).
 */
export async function unreadCounts(
  db: DbOrTx,
  userId: string,
  storeId: string | null | 'look-up',
  conversationId?: string,
): Promise<Map<string, number>> {
  const mine =
    storeId === 'look-up'
      ? sql`(c.buyer_id = ${userId} OR c.seller_id = (SELECT s.id FROM sellers s WHERE s.user_id = ${userId}))`
      : storeId
        ? sql`(c.buyer_id = ${userId} OR c.seller_id = ${storeId})`
        : sql`c.buyer_id = ${userId}`;
  const one = conversationId ? sql`AND c.id = ${conversationId}` : sql``;
  const result = await db.execute(sql`
    SELECT m.conversation_id, count(*) AS unread
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE ${mine} ${one}
      AND m.sender_id <> ${userId}
      AND m.seq > CASE WHEN c.buyer_id = ${userId} THEN c.buyer_read_seq ELSE c.seller_read_seq END
    GROUP BY m.conversation_id`);
  return new Map(
    resultRows<{ conversation_id: string; unread: string | number }>(result).map((r) => [r.conversation_id, Number(r.unread)]),
  );
}

/** Inserts the message and moves its conversation's last-message time, in one statement (a data-modifying CTE). */
export async function insertMessage(db: DbOrTx, row: Omit<MessageRow, 'seq'>): Promise<MessageRow> {
  const touched = db
    .$with('touched', { id: conversations.id })
    .as(sql`UPDATE ${conversations} SET last_message_at = ${row.createdAt} WHERE id = ${row.conversationId} RETURNING id`);
  const [inserted] = await db.with(touched).insert(messages).values(row).returning();
  if (!inserted) throw new Error('message insert returned nothing');
  return inserted;
}

/** A page of messages, newest first, before a seq. */
export async function messagesBefore(db: DbOrTx, conversationId: string, before: number | undefined, limit: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), before ? lt(messages.seq, before) : undefined))
    .orderBy(desc(messages.seq))
    .limit(limit);
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

export async function latestSeq(db: DbOrTx, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number | null>`max(${messages.seq})` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return Number(row?.seq ?? 0);
}

/** Raises one side's read mark (never lowers it); answers the mark after. */
export async function raiseReadSeq(db: DbOrTx, conversationId: string, side: 'buyer' | 'seller', seq: number): Promise<number> {
  const column = side === 'buyer' ? conversations.buyerReadSeq : conversations.sellerReadSeq;
  const [row] = await db
    .update(conversations)
    .set(side === 'buyer' ? { buyerReadSeq: sql`greatest(${column}, ${seq})` } : { sellerReadSeq: sql`greatest(${column}, ${seq})` })
    .where(eq(conversations.id, conversationId))
    .returning({ buyerReadSeq: conversations.buyerReadSeq, sellerReadSeq: conversations.sellerReadSeq });
  return side === 'buyer' ? (row?.buyerReadSeq ?? 0) : (row?.sellerReadSeq ?? 0);
}

/** Who of the pair blocked whom: `a` blocked `b`, `b` blocked `a`. */
export async function blocksBetween(db: DbOrTx, a: string, b: string): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
  const rows = await db
    .select()
    .from(userBlocks)
    .where(
      or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))),
    );
  return { aBlockedB: rows.some((r) => r.blockerId === a), bBlockedA: rows.some((r) => r.blockerId === b) };
}

export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string, now: Date): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function insertReport(db: DbOrTx, row: typeof reports.$inferInsert): Promise<void> {
  await db.insert(reports).values(row);
}

export async function insertStreamTicket(db: DbOrTx, row: typeof streamTickets.$inferInsert): Promise<void> {
  await db.insert(streamTickets).values(row);
}

export async function findStreamTicket(db: DbOrTx, ticketHash: string) {
  const [row] = await db.select().from(streamTickets).where(eq(streamTickets.ticketHash, ticketHash)).limit(1);
  return row ?? null;
}

export async function pruneStreamTickets(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, now));
}

// ---- unread e-mails ----

/** Whether the user's unread messages are e-mailed (true without a settings row). */
export async function emailUnreadSetting(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: messageSettings.emailUnread })
    .from(messageSettings)
    .where(eq(messageSettings.userId, userId))
    .limit(1);
  return row?.on ?? true;
}

export async function saveEmailUnreadSetting(db: DbOrTx, userId: string, emailUnread: boolean, now: Date): Promise<void> {
  await db
    .insert(messageSettings)
    .values({ userId, emailUnread, updatedAt: now })
    .onConflictDoUpdate({ target: messageSettings.userId, set: { emailUnread, updatedAt: now } });
}

export interface UnreadToEmail {
  conversationId: string;
  side: 'buyer' | 'seller';
  recipientEmail: string;
  recipientFirstName: string;
  /** The store's name (to the buyer) or the buyer's (to the store's owner). */
  fromName: string;
  productName: string | null;
}

/**
 * Each side of a conversation with a message from the other side, unread and
 * sent before `cutoff`, that has not been e-mailed since it last read, and
 * whose student has not turned these e-mails off.
 */
/** A row of unreadToEmail's query, as the database names its columns. */
type UnreadRow = {
  conversation_id: string;
  side: 'buyer' | 'seller';
  recipient_email: string;
  recipient_first_name: string;
  from_name: string;
  product_name: string | null;
};

export async function unreadToEmail(db: DbOrTx, cutoff: Date, limit: number): Promise<UnreadToEmail[]> {
  const result = await db.execute(sql`
    WITH sides AS (
      SELECT c.id, 'buyer' AS side, c.buyer_id AS recipient, c.buyer_read_seq AS read_seq, c.buyer_emailed_seq AS emailed_seq,
             s.catalogue_name AS from_name, c.product_id
      FROM conversations c JOIN sellers s ON s.id = c.seller_id
      WHERE c.last_message_at IS NOT NULL AND c.buyer_emailed_seq <= c.buyer_read_seq
      UNION ALL
      SELECT c.id, 'seller', s.user_id, c.seller_read_seq, c.seller_emailed_seq,
             coalesce(nullif(b.display_name, ''), trim(b.first_name || ' ' || b.last_name)), c.product_id
      FROM conversations c JOIN sellers s ON s.id = c.seller_id JOIN users b ON b.id = c.buyer_id
      WHERE c.last_message_at IS NOT NULL AND c.seller_emailed_seq <= c.seller_read_seq
    )
    SELECT x.id AS conversation_id, x.side, u.email AS recipient_email, u.first_name AS recipient_first_name,
           x.from_name, p.name AS product_name
    FROM sides x
    JOIN users u ON u.id = x.recipient
    LEFT JOIN message_settings ms ON ms.user_id = x.recipient
    LEFT JOIN products p ON p.id = x.product_id
    WHERE coalesce(ms.email_unread, true)
      AND EXISTS (
        SELECT 1 FROM messages m
        WHERE m.conversation_id = x.id AND m.sender_id <> x.recipient AND m.seq > x.read_seq AND m.created_at <= ${cutoff}
      )
    LIMIT ${limit}`);
  const rows = resultRows<UnreadRow>(result);
  return rows.map((r) => ({
    conversationId: r.conversation_id,
    side: r.side,
    recipientEmail: r.recipient_email,
    recipientFirstName: r.recipient_first_name,
    fromName: r.from_name,
    productName: r.product_name,
  }));
}

/**
 * Marks one side of the conversation e-mailed up to its latest message, if it
 * still has read everything it was e-mailed about. Answers the seq marked, or
 * null when another run marked it first (its row lock makes this one wait,
 * then find the condition false).
 */
export async function claimUnreadEmail(db: DbOrTx, conversationId: string, side: 'buyer' | 'seller'): Promise<number | null> {
  const latest = sql`(SELECT coalesce(max(${messages.seq}), 0) FROM ${messages} WHERE ${messages.conversationId} = ${conversationId})`;
  const [row] =
    side === 'buyer'
      ? await db
          .update(conversations)
          .set({ buyerEmailedSeq: latest })
          .where(and(eq(conversations.id, conversationId), lte(conversations.buyerEmailedSeq, conversations.buyerReadSeq)))
          .returning({ seq: conversations.buyerEmailedSeq })
      : await db
          .update(conversations)
          .set({ sellerEmailedSeq: latest })
          .where(and(eq(conversations.id, conversationId), lte(conversations.sellerEmailedSeq, conversations.sellerReadSeq)))
          .returning({ seq: conversations.sellerEmailedSeq });
  return row ? Number(row.seq) : null;
}

export type { PhotoRef };

/** Every open report of a conversation with the account (by the other side) is handled (the operations console suspended it). */
export async function handleConversationReportsAbout(db: DbOrTx, userId: string, sellerId: string | null, now: Date): Promise<void> {
  const theirConversations = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(sellerId ? or(eq(conversations.buyerId, userId), eq(conversations.sellerId, sellerId)) : eq(conversations.buyerId, userId));
  await db
    .update(reports)
    .set({ handledAt: now })
    .where(and(isNull(reports.handledAt), inArray(reports.conversationId, theirConversations), sql`${reports.reporterId} <> ${userId}`));
}
