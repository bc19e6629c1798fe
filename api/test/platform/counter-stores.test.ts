/**
 * Rate limits that survive restarts and are shared by several instances: the
 * security counters go to the database by default and to Redis when
 * REDIS_URL is set. Both stores keep one contract (windows on the app's
 * clock, atomic hits, undo never below 0), and with REDIS_URL two instances
 * that share nothing else (each its own embedded database) share the limits.
 */
import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { rateCounters } from '../../src/db/schema';
import { databaseCounters } from '../../src/limits/counter-repository';
import type { CounterStore } from '../../src/limits/counters';
import { connectRedis, redisCounters } from '../../src/limits/redis-counters';
import { createTestApp, post, uniqueEmail } from '../helpers';
import { redisTestsRun, startRedis, type TestRedis } from '../redis-server';

jest.setTimeout(120_000);

const describeWithRedis = redisTestsRun ? describe : describe.skip;

let redis: TestRedis | null = null;
let client: Redis | null = null;
let dbApp: FastifyInstance;

beforeAll(async () => {
  dbApp = await createTestApp();
  if (redisTestsRun) {
    redis = await startRedis();
    client = await connectRedis(redis.url);
  }
});
afterAll(async () => {
  await dbApp.close();
  client?.disconnect();
  await redis?.stop();
});

const stores: Array<[string, () => CounterStore]> = [
  ['the database', () => databaseCounters(dbApp.db)],
  ...(redisTestsRun ? ([['Redis', () => redisCounters(client as Redis)]] as Array<[string, () => CounterStore]>) : []),
];

describe.each(stores)('counters in %s', (_name, store) => {
  const t0 = new Date('2026-03-01T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const key = () => `test:${randomUUID()}`;

  it('counts hits within a window and starts a new window once it has ended', async () => {
    const counters = store();
    const k = key();
    expect(await counters.hit(k, 60_000, t0)).toEqual({ hits: 1, resetAt: at(60_000) });
    expect(await counters.hit(k, 60_000, at(1_000))).toEqual({ hits: 2, resetAt: at(60_000) });
    expect(await counters.read(k, at(59_999))).toEqual({ hits: 2, resetAt: at(60_000) });
    expect(await counters.read(k, at(60_000))).toBeNull();
    expect(await counters.hit(k, 60_000, at(60_000))).toEqual({ hits: 1, resetAt: at(120_000) });
  });

  it('never loses a hit when many arrive at once', async () => {
    const counters = store();
    const k = key();
    const results = await Promise.all(Array.from({ length: 40 }, () => counters.hit(k, 60_000, t0)));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await counters.read(k, t0))?.hits).toBe(40);
  });

  it('takes a hit back only inside a live window and never below 0', async () => {
    const counters = store();
    const k = key();
    await counters.hit(k, 60_000, t0);
    await counters.undo(k, at(10));
    await counters.undo(k, at(20));
    expect((await counters.read(k, at(30)))?.hits).toBe(0);
    await counters.hit(k, 60_000, at(40));
    await counters.undo(k, at(60_001));
    // A hit in a new window is not the ended window's to take back.
    expect((await counters.hit(k, 60_000, at(60_001))).hits).toBe(1);
  });

  it('sets a state until a time (a lock) and clears it', async () => {
    const counters = store();
    const k = key();
    await counters.set(k, { hits: 3, resetAt: at(900_000) }, t0);
    expect(await counters.read(k, at(899_999))).toEqual({ hits: 3, resetAt: at(900_000) });
    expect(await counters.read(k, at(900_000))).toBeNull();
    await counters.clear(k);
    expect(await counters.read(k, t0)).toBeNull();
  });
});

describeWithRedis('REDIS_URL', () => {
  const ipLimited = { perIp: { max: 30, windowMs: 15 * 60_000 }, perEmail: { max: 100_000, windowMs: 60_000 } };
  const instance = () => createTestApp({ env: { REDIS_URL: redis?.url ?? '' }, pgliteDir: null, rateLimits: { login: ipLimited } });
  const freshIp = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const attempt = (target: FastifyInstance, ip: string) =>
    post(target, '/auth/login', { email: uniqueEmail(), password: 'wrong-password' }, undefined, ip);

  it('two instances share the sign-in limit through Redis, and none of it is written to their databases', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    try {
      expect(a.counters.kind).toBe('redis');
      const ip = freshIp();
      for (let i = 0; i < 30; i += 1) expect((await attempt(i % 2 === 0 ? a : b, ip)).status).toBe(401);
      expect((await attempt(a, ip)).status).toBe(429);
      expect((await attempt(b, ip)).status).toBe(429);
      // Sign-in counts an address's failures (accounts/sign-in-guard.ts): one key, shared by both.
      expect(await client?.keys(`campus:limits:login-failures-ip:${ip}`)).toHaveLength(1);
      const rows = await a.db
        .select()
        .from(rateCounters)
        .where(like(rateCounters.key, `%${ip}%`));
      expect(rows).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a restart forgives nothing: a new instance meets the limit the old one counted', async () => {
    const ip = freshIp();
    const first = await instance();
    try {
      for (let i = 0; i < 30; i += 1) expect((await attempt(first, ip)).status).toBe(401);
    } finally {
      await first.close();
    }
    const second = await instance();
    try {
      expect((await attempt(second, ip)).status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('the sign-in lock-out counts in Redis too', async () => {
    const app = await createTestApp({
      env: { REDIS_URL: redis?.url ?? '' },
      rateLimits: { login: { perIp: { max: 100_000, windowMs: 60_000 }, perEmail: { max: 3, windowMs: 15 * 60_000 } } },
    });
    try {
      const email = uniqueEmail();
      for (let i = 0; i < 3; i += 1)
        expect((await post(app, '/auth/login', { email, password: `wrong-${i}` }, undefined, freshIp())).status).toBe(401);
      expect((await post(app, '/auth/login', { email, password: 'wrong-3' }, undefined, freshIp())).status).toBe(429);
      expect(await client?.exists(`campus:limits:login-lock:${email}`)).toBe(1);
      expect(
        await app.db
          .select()
          .from(rateCounters)
          .where(eq(rateCounters.key, `login-lock:${email}`)),
      ).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('refuses to start when Redis cannot be reached, saying so', async () => {
    await expect(createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow(/REDIS_URL: Redis could not be reached/);
  });

  it('when Redis goes away the limits count in the database, and in Redis again once it is back', async () => {
    const own = await startRedis();
    const app = await createTestApp({
      env: { REDIS_URL: own.url },
      rateLimits: { login: { perIp: { max: 100_000, windowMs: 60_000 }, perEmail: { max: 3, windowMs: 15 * 60_000 } } },
    });
    const rowsFor = (email: string) =>
      app.db
        .select()
        .from(rateCounters)
        .where(like(rateCounters.key, `%${email}%`));
    try {
      expect((await attempt(app, freshIp())).status).toBe(401);
      await own.stop();
      // The site answers, and the wrong passwords still count: three lock the account, in the database now.
      const email = uniqueEmail();
      const statuses = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await post(app, '/auth/login', { email, password: `wrong-${i}` }, undefined, freshIp())).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await rowsFor(email)).length).toBeGreaterThan(0);
      // Back: a new account's attempts count in Redis again, not in the database.
      const again = await startRedis(own.port);
      try {
        // ioredis reconnects on its own (a few hundred ms of backoff): the counts move back once it has.
        const fresh = uniqueEmail();
        const probe = await connectRedis(again.url);
        let inRedis = 0;
        try {
          for (let tries = 0; tries < 60 && inRedis === 0; tries += 1) {
            expect((await post(app, '/auth/login', { email: fresh, password: 'wrong' }, undefined, freshIp())).status).toBe(401);
            inRedis = (await probe.keys(`campus:limits:*${fresh}*`)).length;
            if (inRedis === 0) await new Promise((resolve) => setTimeout(resolve, 250));
          }
        } finally {
          probe.disconnect();
        }
        expect(inRedis).toBeGreaterThan(0);
      } finally {
        await again.stop();
      }
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
