/**
 * Two API instances on one database: a message sent through one reaches a
 * stream open on the other, through PostgreSQL LISTEN/NOTIFY, and through
 * Redis pub/sub when REDIS_URL is set (then the messages domain records its
 * events without NOTIFY, so only Redis can have carried the wake-up).
 *
 * PostgreSQL only: two apps cannot share one PGlite (an embedded database
 * belongs to one process and one instance), so on PGlite there is no second
 * instance to deliver to.
 */
import { chatMessageSchema } from '@campus/shared/schemas';
import { catalogueTestApp, send } from '../catalogue-helpers';
import { login, onPostgres } from '../helpers';
import { redisTestsRun, startRedis, type TestRedis } from '../redis-server';
import { buyerAndStore, conversationId, say } from './harness';
import { listening, openStream, settle } from './sse-client';

jest.setTimeout(120_000);

const describeOnPostgres = onPostgres ? describe : describe.skip;
const describeOnPostgresWithRedis = onPostgres && redisTestsRun ? describe : describe.skip;

async function deliversAcross(env: Record<string, string>) {
  const a = await catalogueTestApp(env);
  const b = await catalogueTestApp(env);
  try {
    const baseB = await listening(b);
    const pair = await buyerAndStore(a);
    const id = await conversationId(a, pair.buyer.token, { productId: pair.productId });
    const sellerOnB = await openStream(baseB, { token: pair.seller.token });
    try {
      expect(sellerOnB.status).toBe(200);
      const sent = chatMessageSchema.parse((await say(a, pair.buyer.token, id, 'Sent through instance A')).body.data);
      const received = await sellerOnB.waitFor(2);
      expect(received[0]).toMatchObject({ type: 'message', data: { message: { id: sent.id, text: 'Sent through instance A' } } });
      expect(received[1]).toMatchObject({ type: 'unread-total', data: { total: 1 } });
      // A read mark through B reaches the buyer's stream on A.
      const buyerOnA = await openStream(await listening(a), { token: pair.buyer.token });
      try {
        expect((await send(b, 'POST', `/messages/conversations/${id}/read`, pair.seller.token)).status).toBe(200);
        expect((await buyerOnA.waitFor(1))[0]).toMatchObject({ type: 'read', data: { side: 'seller', readSeq: sent.seq } });
      } finally {
        buyerOnA.close();
      }
      await settle();
      expect(sellerOnB.events.map((e) => e.type)).toEqual(['message', 'unread-total', 'read', 'unread-total']);
    } finally {
      sellerOnB.close();
    }
    return { viaRedis: a.events.viaRedis && b.events.viaRedis };
  } finally {
    await a.close();
    await b.close();
  }
}

/** A sign-out through instance A ends that session's stream open on instance B. */
async function signOutEndsAcross(env: Record<string, string>) {
  const a = await catalogueTestApp(env);
  const b = await catalogueTestApp(env);
  try {
    const pair = await buyerAndStore(a);
    const token = await login(a, pair.buyer.email);
    const onB = await openStream(await listening(b), { token });
    try {
      expect(onB.status).toBe(200);
      await settle(100);
      expect((await send(a, 'POST', '/auth/logout', token)).status).toBe(200);
      const ended = await Promise.race([onB.ended.then(() => true), settle(3000).then(() => false)]);
      expect(ended).toBe(true);
    } finally {
      onB.close();
    }
  } finally {
    await a.close();
    await b.close();
  }
}

describeOnPostgres('two instances on one PostgreSQL', () => {
  test('LISTEN/NOTIFY: a message sent through one instance reaches a stream open on the other', async () => {
    expect((await deliversAcross({})).viaRedis).toBe(false);
  });

  test('LISTEN/NOTIFY: a sign-out through one instance ends the stream open on the other', async () => {
    await signOutEndsAcross({});
  });
});

describeOnPostgresWithRedis('two instances with REDIS_URL', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => redis.stop());

  test('Redis pub/sub: a message sent through one instance reaches a stream open on the other', async () => {
    expect((await deliversAcross({ REDIS_URL: redis.url })).viaRedis).toBe(true);
  });

  test('Redis pub/sub: a sign-out through one instance ends the stream open on the other', async () => {
    await signOutEndsAcross({ REDIS_URL: redis.url });
  });
});
