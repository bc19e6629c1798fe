/** Messages between a buyer and a store, and the event stream's ticket (the API's messages domain). */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { REPORT_REASONS } from './ops';

export const MESSAGE_MAX_CHARS = 2000;
export const MESSAGE_MAX_PHOTOS = 4;
export const REPORT_REASON_MAX_CHARS = 1000;

const id = lazySchema(() => z.string().min(1).max(100));

export const messagePhotoSchema = lazySchema(() => z.object({ id: z.string(), cardUrl: z.string(), galleryUrl: z.string() }));

export const chatMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    conversationId: z.string(),
    /** Increasing within a conversation: `before` pages backwards with it. */
    seq: z.number().int(),
    senderId: z.string(),
    /** The author's side of the conversation. */
    from: z.enum(['buyer', 'seller']),
    text: z.string(),
    photos: z.array(messagePhotoSchema),
    /** The text looks like a phone or bank account number: the screen shows MESSAGES.messaging.payInApp under it. */
    safetyNotice: z.boolean(),
    createdAt: z.string(),
  }),
);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** My side of it: a store's conversations are its owner's. */
    role: z.enum(['buyer', 'seller']),
    buyer: z.object({ id: z.string(), name: z.string() }),
    store: z.object({ id: z.string(), name: z.string() }),
    product: z.object({ id: z.string(), slug: z.string(), name: z.string(), thumbnailUrl: z.string().nullable() }).nullable(),
    orderId: z.string().nullable(),
    lastMessage: chatMessageSchema.nullable(),
    unread: z.number().int(),
    /** The other side has read up to this seq (read receipts). */
    otherReadSeq: z.number().int(),
    /** I blocked the other side, or they blocked me: sending is refused either way. */
    blocked: z.enum(['by-me', 'by-them']).nullable(),
    createdAt: z.string(),
  }),
);
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = lazySchema(() =>
  z.object({ conversations: z.array(conversationSchema), unreadTotal: z.number().int() }),
);

/** Exactly one subject: a product (its store), an order (its buyer and store) or a store. */
export const conversationStartBodySchema = lazySchema(() =>
  z
    .object({ productId: id.optional(), orderId: id.optional(), sellerId: id.optional() })
    .strict()
    .refine((b) => [b.productId, b.orderId, b.sellerId].filter(Boolean).length === 1, {
      message: 'Give one of productId, orderId or sellerId.',
    }),
);

export const messageFieldsSchema = lazySchema(() =>
  z.object({
    text: z.string().trim().max(MESSAGE_MAX_CHARS, `A message can be at most ${MESSAGE_MAX_CHARS} characters.`).default(''),
  }),
);

export const messagePageQuerySchema = lazySchema(() =>
  z.object({
    before: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  }),
);

export const messagePageSchema = lazySchema(() =>
  z.object({
    conversation: conversationSchema,
    messages: z.array(chatMessageSchema),
    hasOlder: z.boolean(),
  }),
);

export const readStateSchema = lazySchema(() =>
  z.object({
    conversationId: z.string(),
    readSeq: z.number().int(),
    unread: z.number().int(),
    unreadTotal: z.number().int(),
  }),
);

export const reportBodySchema = lazySchema(() =>
  z
    .object({
      conversationId: id,
      messageId: id.optional(),
      /** The reason from the list the product page's Report uses (`REPORT_REASONS`); `reason` is the student's words. */
      reasonCode: z.enum(REPORT_REASONS).optional(),
      reason: z.string().trim().min(1, 'Please say what is wrong.').max(REPORT_REASON_MAX_CHARS),
    })
    .strict(),
);

/** Profile → Account: an unread message older than 15 minutes is e-mailed, once per conversation. */
export const messageSettingsSchema = lazySchema(() => z.object({ emailUnread: z.boolean() }).strict());
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

export const streamTicketSchema = lazySchema(() => z.object({ ticket: z.string(), expiresAt: z.string() }));

/** The events of GET /events/stream (`event:` names) and their data. */
export type StreamEventType = 'message' | 'read' | 'unread-total' | 'order-status';
