/**
 * The rules of messaging: who is in a conversation (its buyer, and its
 * store's owner), who may start one about what, blocks, limits, the safety
 * notice, read marks and the events each change sends to both sides' streams.
 * Every rule is checked here on the server, before anything is stored.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import {
  MESSAGE_MAX_PHOTOS,
  messageFieldsSchema,
  type ChatMessage,
  type Conversation,
  type MessageSettings,
  type ReportReason,
} from '@campus/shared/schemas';
import type { DbOrTx } from '../db/client';
import type { ConversationRow, MessageRow } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { parseFields } from '../http/form-fields';
import type { MultipartBody } from '../http/multipart';
import { generateToken, hashToken } from '../lib/crypto';
import { Counter } from '../plugins/rate-limits';
import { sellerOfUser } from '../sellers';
import { recordEvents, type NewEvent } from './event-repository';
import * as repo from './repository';

export type Side = 'buyer' | 'seller';

export interface Access {
  conversation: ConversationRow;
  side: Side;
  /** The user on the other side (the buyer, or the store's owner). */
  otherUserId: string;
  /** The caller's store, when they have one (their unread counts include it). */
  myStoreId: string | null;
}

export const STREAM_TICKET_MS = 60_000;

/**
 * A phone number (Nigerian or international, spaces and dashes allowed) or a
 * 10-digit bank account number (NUBAN): any run of 10 or more digits once the
 * separators between digits are taken out.
 */
export function mentionsPaymentDetails(text: string): boolean {
  const joined = text.replace(/(?<=\d)[\s.\-()]+(?=\d)/g, '');
  return /\d{10,}/.test(joined);
}

async function storeIdOf(db: DbOrTx, userId: string): Promise<string | null> {
  return (await sellerOfUser(db, userId))?.id ?? null;
}

const ownerOf = repo.storeOwnerId;

/**
 * The caller's side of the conversation: 404 when there is none, 403 for anyone but its two participants.
 * Operators (not built yet) will read through here too: a third, read-only side granted while they handle
 * a report or a dispute on this conversation, checked after the two participants and refused to sending.
 */
export async function accessConversation(db: DbOrTx, conversationId: string, userId: string): Promise<Access> {
  const found = await repo.findConversationForCaller(db, conversationId, userId);
  if (!found) throw notFound(MESSAGES.messaging.conversationNotFound);
  const { conversation, ownerId: owner, callerStoreId: myStoreId } = found;
  if (conversation.buyerId === userId) return { conversation, side: 'buyer', otherUserId: owner ?? '', myStoreId };
  if (owner === userId) return { conversation, side: 'seller', otherUserId: conversation.buyerId, myStoreId };
  throw forbidden(MESSAGES.messaging.notParticipant);
}

export function toChatMessage(row: MessageRow, conversation: Pick<ConversationRow, 'buyerId'>): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    senderId: row.senderId,
    from: row.senderId === conversation.buyerId ? 'buyer' : 'seller',
    text: row.text,
    photos: row.photos.map((p) => ({ id: p.id, cardUrl: p.cardUrl, galleryUrl: p.galleryUrl })),
    safetyNotice: row.safetyNotice !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The conversations as the API answers them, for one user. */
export async function toConversations(
  db: DbOrTx,
  rows: readonly ConversationRow[],
  userId: string,
  myStoreId: string | null,
): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const names = await repo.namesFor(db, rows);
  const last = await repo.lastMessages(
    db,
    rows.map((r) => r.id),
  );
  const unread = await repo.unreadCounts(db, userId, myStoreId);
  const views: Conversation[] = [];
  for (const row of rows) {
    const side: Side = row.buyerId === userId ? 'buyer' : 'seller';
    const store = names.stores.get(row.sellerId);
    const otherUserId = side === 'buyer' ? (store?.ownerId ?? '') : row.buyerId;
    const blocks = await repo.blocksBetween(db, userId, otherUserId);
    const product = row.productId ? names.products.get(row.productId) : undefined;
    const lastMessage = last.get(row.id);
    views.push({
      id: row.id,
      role: side,
      buyer: { id: row.buyerId, name: names.buyerNames.get(row.buyerId) ?? 'A student' },
      store: { id: row.sellerId, name: store?.name ?? 'The store' },
      product: product && row.productId ? { id: row.productId, ...product } : null,
      orderId: row.orderId,
      lastMessage: lastMessage ? toChatMessage(lastMessage, row) : null,
      unread: unread.get(row.id) ?? 0,
      otherReadSeq: side === 'buyer' ? row.sellerReadSeq : row.buyerReadSeq,
      blocked: blocks.aBlockedB ? 'by-me' : blocks.bBlockedA ? 'by-them' : null,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return views;
}

/** `storeId` 'look-up': the user's store is found in the same statement (repository.unreadCounts). */
export async function unreadTotal(db: DbOrTx, userId: string, storeId: string | null | 'look-up'): Promise<number> {
  let total = 0;
  for (const n of (await repo.unreadCounts(db, userId, storeId)).values()) total += n;
  return total;
}

export async function listConversations(db: DbOrTx, userId: string): Promise<{ conversations: Conversation[]; unreadTotal: number }> {
  const storeId = await storeIdOf(db, userId);
  const rows = await repo.conversationsOf(db, userId, storeId);
  return { conversations: await toConversations(db, rows, userId, storeId), unreadTotal: await unreadTotal(db, userId, storeId) };
}

export interface StartInput {
  productId?: string | undefined;
  orderId?: string | undefined;
  sellerId?: string | undefined;
}

/**
 * Opens the conversation about a product (its store), an order (its buyer
 * and store, from either side) or a store. The same pair about the same
 * subject gets the one it already has; only a new one counts against the
 * caller's limit on new conversations.
 */
export async function startConversation(
  app: FastifyInstance,
  userId: string,
  input: StartInput,
  limited: (retryAfterSeconds: number) => Error,
): Promise<Conversation> {
  const db = app.db;
  let buyerId = userId;
  let sellerId: string;
  let subjectKey: string;
  let productId: string | null = null;
  let orderId: string | null = null;
  if (input.orderId) {
    const order = await repo.findOrderParties(db, input.orderId);
    if (!order) throw notFound(MESSAGES.orders.notFound);
    const owner = await ownerOf(db, order.sellerId);
    if (order.buyerId !== userId && owner !== userId) throw forbidden(MESSAGES.messaging.notYourOrder);
    buyerId = order.buyerId;
    sellerId = order.sellerId;
    orderId = order.id;
    subjectKey = `order:${order.id}`;
  } else if (input.productId) {
    const product = await repo.findProductStore(db, input.productId);
    if (!product) throw notFound(MESSAGES.products.notFound);
    sellerId = product.sellerId;
    productId = product.id;
    subjectKey = `product:${product.id}`;
  } else if (input.sellerId) {
    sellerId = input.sellerId;
    subjectKey = 'store';
  } else {
    throw badRequest(MESSAGES.validation.bodyNotObject);
  }
  const owner = await ownerOf(db, sellerId);
  if (!owner) throw notFound(MESSAGES.messaging.storeNotFound);
  if (owner === buyerId) throw forbidden(MESSAGES.messaging.ownStore);

  if (!(await repo.conversationExists(db, buyerId, sellerId, subjectKey))) {
    const counter = new Counter(app.counters, app.clock, 'conversations-user', app.limits.conversations.perUser);
    const wait = await counter.hit(userId);
    if (wait !== null) throw limited(wait);
  }
  const { conversation } = await repo.insertOrFindConversation(db, {
    id: randomUUID(),
    buyerId,
    sellerId,
    productId,
    orderId,
    subjectKey,
    createdAt: app.clock.now(),
  });
  const myStoreId = await storeIdOf(db, userId);
  const [view] = await toConversations(db, [conversation], userId, myStoreId);
  if (!view) throw notFound(MESSAGES.messaging.conversationNotFound);
  return view;
}

/** Refuses a message between two students when either has blocked the other. */
async function checkNotBlocked(db: DbOrTx, senderId: string, recipientId: string): Promise<void> {
  const blocks = await repo.blocksBetween(db, senderId, recipientId);
  if (blocks.bBlockedA) throw forbidden(MESSAGES.messaging.blockedByThem);
  if (blocks.aBlockedB) throw forbidden(MESSAGES.messaging.blockedByMe);
}

/**
 * Sends a message: the caller must be in the conversation and not blocked
 * (checked before any photo is processed); photos go through the photo
 * pipeline; the message, the sender's read mark (raised to it) and both
 * sides' events are written in one transaction. Photos stored for a message
 * that is then refused are removed.
 */
export async function sendMessage(app: FastifyInstance, userId: string, conversationId: string, form: MultipartBody): Promise<ChatMessage> {
  const fields = parseFields(messageFieldsSchema, form.fields, MESSAGES.messaging.emptyMessage);
  if (!fields.text && form.files.length === 0) throw badRequest(MESSAGES.messaging.emptyMessage);
  const access = await accessConversation(app.db, conversationId, userId);
  // Before any photo is processed; a text alone is checked in the transaction only.
  if (form.files.length > 0) await checkNotBlocked(app.db, userId, access.otherUserId);
  const stored = form.files.length > 0 ? await app.catalogue.photos.store('messages', form.files, MESSAGE_MAX_PHOTOS) : [];
  const now = app.clock.now();
  try {
    return await app.db.transaction(async (tx) => {
      // A block made meanwhile still stops this message.
      await checkNotBlocked(tx, userId, access.otherUserId);
      const row = await repo.insertMessage(tx, {
        id: randomUUID(),
        conversationId,
        senderId: userId,
        text: fields.text,
        photos: [...stored],
        safetyNotice: mentionsPaymentDetails(fields.text) ? 'payment-details' : null,
        createdAt: now,
      });
      // Replying reads what came before it: a conversation whose last message is mine has nothing unread.
      // No events of its own: the sender's tabs read the conversation list again on the message event.
      await repo.raiseReadSeq(tx, conversationId, access.side, row.seq);
      const message = toChatMessage(row, access.conversation);
      const recipientUnread = await unreadTotal(tx, access.otherUserId, 'look-up');
      const list: NewEvent[] = [
        { userId: access.otherUserId, type: 'message', data: { conversationId, message } },
        { userId: access.otherUserId, type: 'unread-total', data: { total: recipientUnread } },
        // The sender's other tabs show it too.
        { userId, type: 'message', data: { conversationId, message } },
      ];
      await recordEvents(tx, list, now);
      return message;
    });
  } catch (error) {
    await app.catalogue.photos.remove(stored);
    throw error;
  }
}

/** A page of messages, newest first; the caller must be in the conversation. */
export async function readMessages(db: DbOrTx, userId: string, conversationId: string, before: number | undefined, limit: number) {
  const access = await accessConversation(db, conversationId, userId);
  const rows = await repo.messagesBefore(db, conversationId, before, limit + 1);
  const [conversation] = await toConversations(db, [access.conversation], userId, access.myStoreId);
  if (!conversation) throw notFound(MESSAGES.messaging.conversationNotFound);
  return {
    conversation,
    messages: rows.slice(0, limit).map((r) => toChatMessage(r, access.conversation)),
    hasOlder: rows.length > limit,
  };
}

/** Marks the conversation read up to its latest message: the reader's streams get `read` and `unread-total`, the other side `read`. */
export async function markRead(app: FastifyInstance, userId: string, conversationId: string) {
  const access = await accessConversation(app.db, conversationId, userId);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const latest = await repo.latestSeq(tx, conversationId);
    const readSeq = await repo.raiseReadSeq(tx, conversationId, access.side, latest);
    const total = await unreadTotal(tx, userId, access.myStoreId);
    // Nothing new read: no events (a page that marks read on every render sends nothing).
    const before = access.side === 'buyer' ? access.conversation.buyerReadSeq : access.conversation.sellerReadSeq;
    const state = { conversationId, readSeq, unread: 0, unreadTotal: total };
    if (readSeq === before) return state;
    const receipt = { conversationId, side: access.side, readSeq };
    await recordEvents(
      tx,
      [
        { userId, type: 'read', data: receipt },
        { userId, type: 'unread-total', data: { total } },
        { userId: access.otherUserId, type: 'read', data: receipt },
      ],
      now,
    );
    return state;
  });
}

export async function block(db: DbOrTx, userId: string, conversationId: string, now: Date): Promise<void> {
  const access = await accessConversation(db, conversationId, userId);
  await repo.insertBlock(db, userId, access.otherUserId, now);
}

export async function unblock(db: DbOrTx, userId: string, conversationId: string): Promise<void> {
  const access = await accessConversation(db, conversationId, userId);
  await repo.deleteBlock(db, userId, access.otherUserId);
}

/** A report by a participant, of the conversation or one of its messages. */
export async function report(
  db: DbOrTx,
  userId: string,
  input: { conversationId: string; messageId?: string | undefined; reasonCode?: ReportReason | undefined; reason: string },
  now: Date,
): Promise<void> {
  await accessConversation(db, input.conversationId, userId);
  if (input.messageId) {
    const message = await repo.findMessage(db, input.messageId);
    if (!message || message.conversationId !== input.conversationId) throw notFound(MESSAGES.messaging.notInConversation);
  }
  await repo.insertReport(db, {
    id: randomUUID(),
    reporterId: userId,
    targetKind: input.messageId ? 'message' : 'conversation',
    conversationId: input.conversationId,
    messageId: input.messageId ?? null,
    reasonCode: input.reasonCode ?? null,
    reason: input.reason,
    createdAt: now,
  });
}

/** A ticket that opens the caller's event stream for STREAM_TICKET_MS (only its hash is stored). */
export async function issueStreamTicket(
  db: DbOrTx,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = generateToken();
  const expiresAt = new Date(now.getTime() + STREAM_TICKET_MS);
  await repo.insertStreamTicket(db, { ticketHash: hashToken(ticket), userId, sessionId, expiresAt });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/** The student's messaging settings (unread e-mails on unless turned off). */
export async function settings(db: DbOrTx, userId: string): Promise<MessageSettings> {
  return { emailUnread: await repo.emailUnreadSetting(db, userId) };
}

export async function saveSettings(db: DbOrTx, userId: string, input: MessageSettings, now: Date): Promise<MessageSettings> {
  await repo.saveEmailUnreadSetting(db, userId, input.emailUnread, now);
  return { emailUnread: input.emailUnread };
}
