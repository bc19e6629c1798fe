/**
 * With REDIS_URL, every domain's wake-ups go through Redis pub/sub after the
 * commit (wakeup-repository.ts): an order status change recorded by the money
 * domain's transaction, a message, a signed-out session. None is sent as a
 * PostgreSQL NOTIFY, and a rolled-back transaction publishes nothing. Skipped
 * where redis-server is not installed (never on CI: see ../redis-server.ts).
 */
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema';
import { recordOrderStatusEvents } from '../../src/messages';
import { catalogueTestApp, send } from '../catalogue-helpers';
import { login } from '../helpers';
import { redisTestsRun, startRedis, type TestRedis } from '../redis-server';
import { buyerAndStore, conversationId, say, type Pair } from './harness';
import { listening, openStream, settle } from './sse-client';

jest.setTimeout(120_000);

const describeWithRedis = redisTestsRun ? describe : describe.skip;

describeWithRedis('wake-ups with REDIS_URL', () => {
  let redis: TestRedis;
  let app: FastifyInstance;
  let base: string;
  let pair: Pair;
  let subscriber: Redis;
  const published: string[] = [];
  const notified: string[] = [];
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    redis = await startRedis();
    app = await catalogueTestApp({ REDIS_URL: redis.url });
    base = await listening(app);
    pair = await buyerAndStore(app);
    subscriber = new Redis(redis.url);
    subscriber.on('message', (_channel: string, payload: string) => published.push(payload));
    await subscriber.subscribe('campus:events');
    stopListening = await app.database.listen(
      'campus_events',
      (payload) => notified.push(payload),
      () => undefined,
    );
  });
  afterAll(async () => {
    await stopListening();
    subscriber.disconnect();
    await app.close();
    await redis.stop();
  });

  const userId = async (email: string) => (await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';

  test('an order status change is published on Redis after its commit, not NOTIFYed, and reaches the stream; a rollback publishes nothing', async () => {
    expect(app.events.viaRedis).toBe(true);
    const buyerId = await userId(pair.buyer.email);
    const ownerId = await userId(pair.seller.email);
    const buyerStream = await openStream(base, { token: pair.buyer.token });
    try {
      published.length = 0;
      notified.length = 0;
      await app.db.transaction(async (tx) => {
        await recordOrderStatusEvents(tx, { id: 'order-r1', orderCode: 'ORD-R1', buyerId }, ownerId, 'CONFIRMED', app.clock.now());
        // Not before the commit.
        await settle(100);
        expect(published).toEqual([]);
      });
      expect((await buyerStream.waitFor(1))[0]).toMatchObject({ type: 'order-status', data: { orderId: 'order-r1', role: 'buyer' } });
      expect([...published].sort()).toEqual([buyerId, ownerId].sort());

      await app.db
        .transaction(async (tx) => {
          await recordOrderStatusEvents(tx, { id: 'order-r2', orderCode: 'ORD-R2', buyerId }, ownerId, 'CANCELLED', app.clock.now());
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await settle();
      expect(published).toHaveLength(2);
      expect(notified).toEqual([]);
    } finally {
      buyerStream.close();
    }
  });

  test('a message wakes through Redis too', async () => {
    const id = await conversationId(app, pair.buyer.token, { productId: pair.productId });
    const sellerStream = await openStream(base, { token: pair.seller.token });
    try {
      published.length = 0;
      await say(app, pair.buyer.token, id, 'Through Redis');
      expect((await sellerStream.waitFor(1))[0]?.type).toBe('message');
      expect(published).toContain(await userId(pair.seller.email));
      expect(notified).toEqual([]);
    } finally {
      sellerStream.close();
    }
  });

  test("a sign-out's wake-up goes through Redis and ends that session's stream", async () => {
    const token = await login(app, pair.seller.email);
    const s = await openStream(base, { token });
    try {
      await settle(100);
      published.length = 0;
      expect((await send(app, 'POST', '/auth/logout', token)).status).toBe(200);
      await Promise.race([s.ended, settle(2000).then(() => Promise.reject(new Error('the stream stayed open')))]);
      expect(published).toEqual([`session:${await userId(pair.seller.email)}`]);
      expect(notified).toEqual([]);
    } finally {
      s.close();
    }
  });
});
