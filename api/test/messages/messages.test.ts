/**
 * The messages domain through the API: a conversation joins one buyer and
 * one store (the same subject reuses it); only its two participants read or
 * write; photos go through the photo pipeline; unread counts and read marks;
 * the safety notice; per-user limits; blocking; reports.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { chatMessageSchema, conversationListSchema, messagePageSchema, readStateSchema } from '@campus/shared/schemas';
import { reports } from '../../src/db/schema';
import { mentionsPaymentDetails } from '../../src/messages/service';
import { catalogueTestApp, multipart, photoPart, send } from '../catalogue-helpers';
import { signedIn } from '../helpers';
import { buyerAndStore, conversationId, say, startAbout, type Pair } from './harness';

jest.setTimeout(120_000);

let app: FastifyInstance;
let pair: Pair;
let conversation: string;

beforeAll(async () => {
  app = await catalogueTestApp({}, { rateLimits: { conversations: { perUser: { max: 2, windowMs: 60_000 } } } });
  pair = await buyerAndStore(app);
  conversation = await conversationId(app, pair.buyer.token, { productId: pair.productId });
});
afterAll(async () => app.close());

const list = async (token: string) => conversationListSchema.parse((await send(app, 'GET', '/messages/conversations', token)).body.data);

describe('conversations', () => {
  test('the same buyer about the same product gets the same conversation; the store owner cannot message their own store', async () => {
    expect(await conversationId(app, pair.buyer.token, { productId: pair.productId })).toBe(conversation);
    const own = await startAbout(app, pair.seller.token, { productId: pair.productId });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(MESSAGES.messaging.ownStore);
  });

  test('a conversation without messages is not listed; once a message is sent both sides list it with their role', async () => {
    const fresh = await signedIn(app);
    const id = await conversationId(app, fresh.token, { sellerId: pair.seller.sellerId });
    expect((await list(fresh.token)).conversations.map((c) => c.id)).not.toContain(id);
    expect((await say(app, fresh.token, id, 'Are you open on Saturday?')).status).toBe(201);
    const buyerView = (await list(fresh.token)).conversations.find((c) => c.id === id);
    expect(buyerView).toMatchObject({ role: 'buyer', store: { id: pair.seller.sellerId }, product: null });
    const sellerView = (await list(pair.seller.token)).conversations.find((c) => c.id === id);
    expect(sellerView).toMatchObject({ role: 'seller', unread: 1, lastMessage: { text: 'Are you open on Saturday?', from: 'buyer' } });
  });
});

describe('participants only', () => {
  test('a third student gets 403 on read, send, read mark, block and report; an unknown conversation is 404', async () => {
    expect((await say(app, pair.buyer.token, conversation, 'Is it still available?')).status).toBe(201);
    const stranger = await signedIn(app);
    const paths: Array<['GET' | 'POST', string, Record<string, unknown> | undefined]> = [
      ['GET', `/messages/conversations/${conversation}/messages`, undefined],
      ['POST', `/messages/conversations/${conversation}/messages`, { text: 'hello' }],
      ['POST', `/messages/conversations/${conversation}/read`, undefined],
      ['POST', `/messages/conversations/${conversation}/block`, undefined],
      ['POST', '/messages/reports', { conversationId: conversation, reason: 'spam' }],
    ];
    for (const [method, path, body] of paths) {
      const res = await send(app, method, path, stranger.token, body);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.body.message).toBe(MESSAGES.messaging.notParticipant);
    }
    expect((await list(stranger.token)).conversations).toEqual([]);
    expect((await send(app, 'GET', '/messages/conversations/no-such-id/messages', pair.buyer.token)).status).toBe(404);
    expect((await send(app, 'GET', `/messages/conversations/${conversation}/messages`, undefined)).status).toBe(401);
  });

  test('both participants read the thread, newest first, paging backwards', async () => {
    for (const text of ['one', 'two', 'three']) expect((await say(app, pair.seller.token, conversation, text)).status).toBe(201);
    const first = messagePageSchema.parse(
      (await send(app, 'GET', `/messages/conversations/${conversation}/messages?limit=2`, pair.buyer.token)).body.data,
    );
    expect(first.messages.map((m) => m.text)).toEqual(['three', 'two']);
    expect(first.hasOlder).toBe(true);
    const before = first.messages[1]?.seq ?? 0;
    const older = messagePageSchema.parse(
      (await send(app, 'GET', `/messages/conversations/${conversation}/messages?limit=2&before=${before}`, pair.seller.token)).body.data,
    );
    expect(older.messages[0]).toMatchObject({ text: 'one', from: 'seller' });
  });
});

describe('messages', () => {
  test('text over 2,000 characters and an empty message are refused', async () => {
    const long = await say(app, pair.buyer.token, conversation, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    const empty = await say(app, pair.buyer.token, conversation, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.messaging.emptyMessage);
  });

  test('photos go through the photo pipeline (stored as WebP); a fifth photo is refused', async () => {
    const photos = await Promise.all([photoPart('photos', 'a.png'), photoPart('photos', 'b.png')]);
    const sent = await send(
      app,
      'POST',
      `/messages/conversations/${conversation}/messages`,
      pair.seller.token,
      multipart({ text: 'Here it is' }, photos),
    );
    expect(sent.status).toBe(201);
    const message = chatMessageSchema.parse(sent.body.data);
    expect(message.photos).toHaveLength(2);
    expect(message.photos[0]?.galleryUrl).toMatch(/messages\/.*-gallery\.webp$/);
    const five = await Promise.all(Array.from({ length: 5 }, (_, i) => photoPart('photos', `p${i}.png`)));
    const tooMany = await send(
      app,
      'POST',
      `/messages/conversations/${conversation}/messages`,
      pair.seller.token,
      multipart({ text: 'more' }, five),
    );
    expect(tooMany.status).toBe(400);
  });

  test('a phone or bank account number sets safetyNotice; ordinary numbers do not', async () => {
    const phone = chatMessageSchema.parse((await say(app, pair.seller.token, conversation, 'Call me on 0803 123 4567')).body.data);
    expect(phone.safetyNotice).toBe(true);
    const price = chatMessageSchema.parse((await say(app, pair.buyer.token, conversation, 'Would you take 12,000 for 2?')).body.data);
    expect(price.safetyNotice).toBe(false);
    expect(mentionsPaymentDetails('Send it to GTB 0123456789')).toBe(true);
    expect(mentionsPaymentDetails('+234-803-123-4567')).toBe(true);
    expect(mentionsPaymentDetails('Room 204, block 12, at 3:30')).toBe(false);
    expect(MESSAGES.messaging.payInApp).toBe('Pay in the app: your money is held until you collect.');
  });

  test('unread counts per conversation and in total; a read mark clears them for the reader only', async () => {
    // The store's answer: the buyer's question before it was the last message.
    expect((await say(app, pair.seller.token, conversation, 'I can do 11,000 for 2')).status).toBe(201);
    const before = await list(pair.buyer.token);
    const unread = before.conversations.find((c) => c.id === conversation)?.unread ?? 0;
    expect(unread).toBeGreaterThan(0);
    expect(before.unreadTotal).toBe(unread);
    // The store has unread messages of its own (the Saturday question above).
    const sellerBefore = (await list(pair.seller.token)).unreadTotal;
    expect(sellerBefore).toBeGreaterThan(0);
    const read = readStateSchema.parse(
      (await send(app, 'POST', `/messages/conversations/${conversation}/read`, pair.buyer.token)).body.data,
    );
    expect(read).toMatchObject({ unread: 0, unreadTotal: 0 });
    expect((await list(pair.buyer.token)).unreadTotal).toBe(0);
    const sellerList = await list(pair.seller.token);
    expect(sellerList.conversations.find((c) => c.id === conversation)?.otherReadSeq).toBe(read.readSeq);
    expect(sellerList.unreadTotal).toBe(sellerBefore);
  });

  test('replying reads what came before: a conversation whose last message is mine has nothing unread', async () => {
    const p = await buyerAndStore(app);
    const id = await conversationId(app, p.buyer.token, { productId: p.productId });
    const question = chatMessageSchema.parse((await say(app, p.buyer.token, id, 'Is it still available?')).body.data);
    expect((await list(p.seller.token)).conversations.find((c) => c.id === id)?.unread).toBe(1);
    // The store answers without a read mark of its own first (another tab, an e-mail's link, a notice).
    const reply = chatMessageSchema.parse((await say(app, p.seller.token, id, 'Yes, come by at 4')).body.data);

    const sellerList = await list(p.seller.token);
    expect(sellerList.conversations.find((c) => c.id === id)).toMatchObject({ unread: 0, lastMessage: { id: reply.id, from: 'seller' } });
    expect(sellerList.unreadTotal).toBe(0);
    const page = messagePageSchema.parse((await send(app, 'GET', `/messages/conversations/${id}/messages`, p.seller.token)).body.data);
    expect(page.conversation.unread).toBe(0);
    // The buyer's answer is unread to them, and their question shows as seen by the store.
    const buyerSide = (await list(p.buyer.token)).conversations.find((c) => c.id === id);
    expect(buyerSide).toMatchObject({ unread: 1 });
    expect(buyerSide?.otherReadSeq).toBeGreaterThanOrEqual(question.seq);
  });
});

describe('limits', () => {
  test('messages per user: over the limit 429 with Retry-After and the messaging text', async () => {
    const limited = await catalogueTestApp({}, { rateLimits: { messages: { perUser: { max: 3, windowMs: 60_000 } } } });
    try {
      const p = await buyerAndStore(limited);
      const id = await conversationId(limited, p.buyer.token, { productId: p.productId });
      for (let i = 0; i < 3; i += 1) expect((await say(limited, p.buyer.token, id, `m${i}`)).status).toBe(201);
      const over = await say(limited, p.buyer.token, id, 'one too many');
      expect(over.status).toBe(429);
      expect(over.body.message).toBe(MESSAGES.messaging.tooManyMessages);
      expect(over.headers['retry-after']).toBeDefined();
      // The store's owner has a counter of their own.
      expect((await say(limited, p.seller.token, id, 'reply')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  test('new conversations per user: reopening one does not count, a third new one is refused', async () => {
    const student = await signedIn(app);
    const store2 = await buyerAndStore(app);
    expect((await startAbout(app, student.token, { productId: pair.productId })).status).toBe(200);
    expect((await startAbout(app, student.token, { productId: pair.productId })).status).toBe(200);
    expect((await startAbout(app, student.token, { sellerId: pair.seller.sellerId })).status).toBe(200);
    const third = await startAbout(app, student.token, { productId: store2.productId });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(MESSAGES.messaging.tooManyConversations);
    expect((await startAbout(app, student.token, { sellerId: pair.seller.sellerId })).status).toBe(200);
  });
});

describe('blocking and reports', () => {
  test('a blocked student can no longer message; the list still shows the conversation; unblocking lets them again', async () => {
    const p = await buyerAndStore(app);
    const id = await conversationId(app, p.buyer.token, { productId: p.productId });
    expect((await say(app, p.buyer.token, id, 'hello')).status).toBe(201);
    const blocked = await send(app, 'POST', `/messages/conversations/${id}/block`, p.seller.token);
    expect(blocked.status).toBe(200);
    expect(blocked.body.message).toBe(MESSAGES.messaging.blocked);

    const refused = await say(app, p.buyer.token, id, 'why?');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.messaging.blockedByThem);
    const mine = await say(app, p.seller.token, id, 'bye');
    expect(mine.status).toBe(403);
    expect(mine.body.message).toBe(MESSAGES.messaging.blockedByMe);
    expect((await list(p.buyer.token)).conversations.find((c) => c.id === id)?.blocked).toBe('by-them');
    expect((await list(p.seller.token)).conversations.find((c) => c.id === id)?.blocked).toBe('by-me');

    expect((await send(app, 'DELETE', `/messages/conversations/${id}/block`, p.seller.token)).status).toBe(200);
    expect((await say(app, p.buyer.token, id, 'thanks')).status).toBe(201);
  });

  test('a participant reports a conversation or one of its messages; it is stored for the operations console', async () => {
    const sent = chatMessageSchema.parse((await say(app, pair.seller.token, conversation, 'Pay me outside the app')).body.data);
    const res = await send(app, 'POST', '/messages/reports', pair.buyer.token, {
      conversationId: conversation,
      messageId: sent.id,
      reasonCode: 'scam',
      reason: 'Asked me to pay outside the app',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MESSAGES.messaging.reported);
    expect((await send(app, 'POST', '/messages/reports', pair.buyer.token, { conversationId: conversation, reason: 'Rude' })).status).toBe(
      201,
    );
    const other = await buyerAndStore(app);
    const elsewhere = await conversationId(app, other.buyer.token, { productId: other.productId });
    // A reason outside the product page's list is refused.
    expect(
      (await send(app, 'POST', '/messages/reports', pair.buyer.token, { conversationId: conversation, reasonCode: 'boring', reason: 'x' }))
        .status,
    ).toBe(400);
    const wrong = await send(app, 'POST', '/messages/reports', pair.buyer.token, {
      conversationId: conversation,
      messageId: elsewhere,
      reason: 'x',
    });
    expect(wrong.status).toBe(404);
    const rows = await app.db.select().from(reports);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          targetKind: 'message',
          messageId: sent.id,
          conversationId: conversation,
          reasonCode: 'scam',
          reason: 'Asked me to pay outside the app',
        }),
        // The reason from the list is optional (clients made before it send words only).
        expect.objectContaining({ targetKind: 'conversation', messageId: null, reasonCode: null, reason: 'Rude' }),
      ]),
    );
  });
});
