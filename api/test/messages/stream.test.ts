/**
 * The signed-in browser's event stream (Server-Sent Events on a real
 * connection): a message reaches the other participant's stream with the new
 * unread total; read receipts; order status events; the bearer token or a
 * short-lived ticket opens it; a reconnect with Last-Event-ID receives exactly
 * the events it missed, nothing twice; closed streams are let go.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chatMessageSchema } from '@campus/shared/schemas';
import { sessions, users } from '../../src/db/schema';
import { hashToken } from '../../src/lib/crypto';
import { ManualClock } from '../../src/lib/clock';
import { eventsAfterEach, recordEvents, recordOrderStatusEvents } from '../../src/messages/event-repository';
import { catalogueTestApp, send } from '../catalogue-helpers';
import { login, PASSWORD } from '../helpers';
import { buyerAndStore, conversationId, say, type Pair } from './harness';
import { listening, openStream, settle } from './sse-client';

jest.setTimeout(120_000);

const clock = new ManualClock(new Date('2026-11-26T09:00:00Z'));
let app: FastifyInstance;
let base: string;
let pair: Pair;
let conversation: string;

beforeAll(async () => {
  app = await catalogueTestApp({}, { clock });
  base = await listening(app);
  pair = await buyerAndStore(app);
  conversation = await conversationId(app, pair.buyer.token, { productId: pair.productId });
});
afterAll(async () => app.close());

const userId = async (email: string) => (await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';

test("a message reaches the seller's stream with the unread total, and the sender's own stream; a read mark sends receipts", async () => {
  const sellerStream = await openStream(base, { token: pair.seller.token });
  const buyerStream = await openStream(base, { token: pair.buyer.token });
  try {
    expect(sellerStream.status).toBe(200);
    const sent = chatMessageSchema.parse((await say(app, pair.buyer.token, conversation, 'Is it still available?')).body.data);
    const seller = await sellerStream.waitFor(2);
    expect(seller.map((e) => e.type)).toEqual(['message', 'unread-total']);
    expect(seller[0]?.data).toMatchObject({
      conversationId: conversation,
      message: { id: sent.id, text: 'Is it still available?', from: 'buyer' },
    });
    expect(seller[1]?.data).toEqual({ total: 1 });
    expect((await buyerStream.waitFor(1))[0]).toMatchObject({ type: 'message', data: { message: { id: sent.id } } });

    expect((await send(app, 'POST', `/messages/conversations/${conversation}/read`, pair.seller.token)).status).toBe(200);
    const afterRead = await sellerStream.waitFor(4);
    expect(afterRead.slice(2).map((e) => [e.type, e.data])).toEqual([
      ['read', { conversationId: conversation, side: 'seller', readSeq: sent.seq }],
      ['unread-total', { total: 0 }],
    ]);
    expect((await buyerStream.waitFor(2))[1]).toMatchObject({ type: 'read', data: { side: 'seller', readSeq: sent.seq } });
    // Marking read again with nothing new sends nothing.
    expect((await send(app, 'POST', `/messages/conversations/${conversation}/read`, pair.seller.token)).status).toBe(200);
    await settle();
    expect(sellerStream.events).toHaveLength(4);
    // Ids count per recipient, one after another.
    expect(afterRead.map((e) => e.id)).toEqual([1, 2, 3, 4].map((n) => (afterRead[0]?.id ?? 0) + n - 1));
  } finally {
    sellerStream.close();
    buyerStream.close();
  }
});

test("order status changes reach the buyer's and the store owner's streams", async () => {
  const buyerId = await userId(pair.buyer.email);
  const ownerId = await userId(pair.seller.email);
  const buyerStream = await openStream(base, { token: pair.buyer.token });
  const sellerStream = await openStream(base, { token: pair.seller.token });
  try {
    await app.db.transaction((tx) =>
      recordOrderStatusEvents(tx, { id: 'order-1', orderCode: 'ORD-1', buyerId }, ownerId, 'CONFIRMED', clock.now()),
    );
    expect((await buyerStream.waitFor(1))[0]).toMatchObject({
      type: 'order-status',
      data: { orderId: 'order-1', status: 'CONFIRMED', role: 'buyer' },
    });
    expect((await sellerStream.waitFor(1))[0]).toMatchObject({ type: 'order-status', data: { orderId: 'order-1', role: 'seller' } });
    // A rolled-back change sends nothing.
    await app.db
      .transaction(async (tx) => {
        await recordOrderStatusEvents(tx, { id: 'order-2', orderCode: 'ORD-2', buyerId }, ownerId, 'CANCELLED', clock.now());
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await say(app, pair.seller.token, conversation, 'Confirmed, see you at 4');
    const events = await buyerStream.waitFor(2);
    await settle();
    expect(buyerStream.events.map((e) => e.type)).toEqual(['order-status', 'message', 'unread-total']);
    expect(events.some((e) => e.data.orderId === 'order-2')).toBe(false);
  } finally {
    buyerStream.close();
    sellerStream.close();
  }
});

test('a reconnect with Last-Event-ID receives exactly the events it missed, nothing twice', async () => {
  const first = await openStream(base, { token: pair.seller.token });
  await say(app, pair.buyer.token, conversation, 'before the drop');
  const seen = await first.waitFor(2);
  first.close();
  await settle(100);
  const lastSeen = seen[seen.length - 1]?.id ?? 0;

  // While the seller's browser is away: the seller answers from their phone (their own message comes
  // back to this browser too), the buyer reads it (a receipt) and sends three messages.
  expect((await say(app, pair.seller.token, conversation, 'from my phone')).status).toBe(201);
  expect((await send(app, 'POST', `/messages/conversations/${conversation}/read`, pair.buyer.token)).status).toBe(200);
  for (const text of ['one', 'two', 'three']) expect((await say(app, pair.buyer.token, conversation, text)).status).toBe(201);

  const resumed = await openStream(base, { token: pair.seller.token, lastEventId: lastSeen });
  try {
    const missed = await resumed.waitFor(8);
    await settle();
    expect(resumed.events).toHaveLength(8);
    expect(resumed.events.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => lastSeen + n));
    expect(missed.filter((e) => e.type === 'message').map((e) => (e.data.message as { text: string }).text)).toEqual([
      'from my phone',
      'one',
      'two',
      'three',
    ]);
    expect(missed[1]?.type).toBe('read');
    // And it goes on live after the replay.
    await say(app, pair.buyer.token, conversation, 'live again');
    expect((await resumed.waitFor(10))[8]?.data).toMatchObject({ message: { text: 'live again' } });
  } finally {
    resumed.close();
  }
});

test('a stream without Last-Event-ID starts with what happens from now on', async () => {
  const fresh = await openStream(base, { token: pair.seller.token });
  try {
    await settle();
    expect(fresh.events).toEqual([]);
    await say(app, pair.buyer.token, conversation, 'new');
    expect((await fresh.waitFor(1))[0]?.type).toBe('message');
  } finally {
    fresh.close();
  }
});

test('a ticket opens the stream for 60 seconds (EventSource cannot send the token); no token, a wrong or an expired ticket is 401', async () => {
  const issued = await send(app, 'POST', '/events/ticket', pair.seller.token);
  expect(issued.status).toBe(200);
  const { ticket } = issued.body.data as { ticket: string };
  const viaTicket = await openStream(base, { ticket });
  try {
    expect(viaTicket.status).toBe(200);
    await say(app, pair.buyer.token, conversation, 'via ticket');
    expect((await viaTicket.waitFor(1))[0]?.type).toBe('message');
  } finally {
    viaTicket.close();
  }
  expect((await openStream(base, {})).status).toBe(401);
  expect((await openStream(base, { ticket: 'not-a-ticket' })).status).toBe(401);
  clock.advance(61_000);
  expect((await openStream(base, { ticket })).status).toBe(401);
});

test('a closed stream is let go by the hub', async () => {
  const s = await openStream(base, { token: pair.buyer.token });
  await settle(100);
  const open = app.events.openStreams;
  expect(open).toBeGreaterThan(0);
  s.close();
  await settle(200);
  expect(app.events.openStreams).toBe(open - 1);
});

test('the wire format: retry first, then id/event/data per event; 406 for a client that refuses event streams', async () => {
  const s = await openStream(base, { token: pair.seller.token });
  try {
    await say(app, pair.buyer.token, conversation, 'wire');
    const [first] = await s.waitFor(1);
    expect(s.raw().startsWith('retry: 3000\n\n')).toBe(true);
    expect(s.raw()).toContain(`id: ${first?.id}\nevent: message\ndata: {`);
  } finally {
    s.close();
  }
  const refused = await fetch(`${base}/api/v1/events/stream`, {
    headers: { authorization: `Bearer ${pair.seller.token}`, accept: 'application/json' },
  });
  expect(refused.status).toBe(406);
});

/** Resolves true when the stream ended within `ms`, false when it is still open. */
const endsWithin = (s: { ended: Promise<void> }, ms: number) =>
  Promise.race([s.ended.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms))]);

test("signing out ends the streams that session opened (bearer and ticket) at once; the user's other session keeps its stream", async () => {
  const email = pair.buyer.email;
  const leaving = await login(app, email);
  const staying = await login(app, email);
  const ticket = ((await send(app, 'POST', '/events/ticket', leaving)).body.data as { ticket: string }).ticket;
  const viaToken = await openStream(base, { token: leaving });
  const viaTicket = await openStream(base, { ticket });
  const other = await openStream(base, { token: staying });
  try {
    await settle(100);
    expect((await send(app, 'POST', '/auth/logout', leaving)).status).toBe(200);
    // Well under the 20-second keep-alive.
    expect(await endsWithin(viaToken, 2000)).toBe(true);
    expect(await endsWithin(viaTicket, 2000)).toBe(true);
    expect(await endsWithin(other, 300)).toBe(false);
    await say(app, pair.seller.token, conversation, 'still there?');
    expect((await other.waitFor(1))[0]?.type).toBe('message');
  } finally {
    for (const s of [viaToken, viaTicket, other]) s.close();
  }
});

test('a session that expires (no sign-out) ends its streams at the next check; a live session keeps its own', async () => {
  const email = pair.buyer.email;
  const expiring = await login(app, email);
  const staying = await login(app, email);
  const theirs = await openStream(base, { token: expiring });
  const other = await openStream(base, { token: staying });
  try {
    await settle(100);
    expect(await app.events.endExpired()).toBe(0);
    // The session runs out (its access and idle time passed) without anyone signing out.
    const past = new Date(clock.now().getTime() - 1000);
    await app.db
      .update(sessions)
      .set({ expiresAt: past, idleExpiresAt: past })
      .where(eq(sessions.tokenHash, hashToken(expiring)));
    expect(await endsWithin(other, 300)).toBe(false);
    expect(await endsWithin(theirs, 300)).toBe(false); // nothing told it yet
    expect(await app.events.endExpired()).toBe(1);
    expect(await endsWithin(theirs, 2000)).toBe(true);
    expect(await endsWithin(other, 300)).toBe(false);
  } finally {
    theirs.close();
    other.close();
  }
});

test("a password change ends the streams of the user's other sessions, not the one that changed it", async () => {
  const email = pair.buyer.email;
  const changing = await login(app, email);
  const elsewhere = await login(app, email);
  const mine = await openStream(base, { token: changing });
  const theirs = await openStream(base, { token: elsewhere });
  try {
    await settle(100);
    const changed = await send(app, 'POST', '/users/change-password', changing, { oldPassword: PASSWORD, newPassword: 'another-pass-2' });
    expect(changed.status).toBe(200);
    expect(await endsWithin(theirs, 2000)).toBe(true);
    expect(await endsWithin(mine, 300)).toBe(false);
    await send(app, 'POST', '/users/change-password', changing, { oldPassword: 'another-pass-2', newPassword: PASSWORD });
  } finally {
    mine.close();
    theirs.close();
  }
});

test('streams woken together are read in one statement, each from its own point and within its own limit', async () => {
  const buyerId = await userId(pair.buyer.email);
  const ownerId = await userId(pair.seller.email);
  const ping = (n: number) => ({ type: 'unread-total' as const, data: { total: n } });
  await app.db.transaction((tx) =>
    recordEvents(tx, [1, 2, 3].map((n) => ({ userId: buyerId, ...ping(n) })).concat([{ userId: ownerId, ...ping(10) }]), clock.now()),
  );
  const [latestBuyer] = await eventsAfterEach(app.db, [{ userId: buyerId, afterId: 0 }], 10_000);
  const buyerIds = (latestBuyer ?? []).map((e) => e.id);
  const lastThree = buyerIds.slice(-3);
  const [ownerLatest] = await eventsAfterEach(app.db, [{ userId: ownerId, afterId: 0 }], 10_000);
  const ownerLast = (ownerLatest ?? []).at(-1)?.id ?? 0;

  const lists = await eventsAfterEach(
    app.db,
    [
      { userId: buyerId, afterId: lastThree[0] ?? 0 }, // a tab that has seen the first of the three
      { userId: ownerId, afterId: ownerLast - 1 },
      { userId: buyerId, afterId: (lastThree[0] ?? 0) - 1 }, // another tab, one behind
      { userId: ownerId, afterId: ownerLast }, // up to date: nothing
    ],
    2,
  );
  expect(lists.map((list) => list.map((e) => [e.userId === buyerId ? 'buyer' : 'owner', e.id]))).toEqual([
    [
      ['buyer', lastThree[1]],
      ['buyer', lastThree[2]],
    ],
    [['owner', ownerLast]],
    [
      ['buyer', lastThree[0]],
      ['buyer', lastThree[1]],
    ],
    [],
  ]);
  expect(lists[0]?.[0]).toMatchObject({ type: 'unread-total', data: { total: 2 } });
  expect(lists[0]?.[0]?.createdAt).toBeInstanceOf(Date);
});
