/** 429 per client address and per e-mail on login, register, verify, resend and forgot-password. */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { DEFAULT_RATE_LIMITS, scaledPerAddress } from '../../src/plugins/rate-limits';
import { loadConfig } from '../../src/config';
import { ManualClock } from '../../src/lib/clock';
import { PASSWORD, createTestApp, lastCode, post, uniqueEmail } from '../helpers';

let app: FastifyInstance;
/** challengeAfter at the ceiling: the challenge itself is campus-limits.test.ts's. */
const small = { perIp: { max: 3, windowMs: 60_000 }, perEmail: { max: 2, windowMs: 60_000 }, challengeAfter: 3 };
const clock = new ManualClock();

beforeAll(async () => {
  app = await createTestApp({
    clock,
    rateLimits: { login: small, register: small, verify: small, resend: small, forgotPassword: small, resendCooldownMs: 0 },
  });
});
afterAll(async () => {
  await app.close();
});

// The counters live in the database, which the PostgreSQL pass shares between test files: addresses of this file's own.
const ipBase = Math.floor(Math.random() * 250);
let ipCounter = 0;
const freshIp = () => `10.${ipBase}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** An account made from its own address, so it does not use up the address under test. */
async function account(): Promise<string> {
  const email = uniqueEmail();
  const res = await post(app, '/auth/register', { name: 'Ada Obi', email, password: PASSWORD }, undefined, freshIp());
  expect(res.status).toBe(201);
  return email;
}

const cases: Array<{ name: string; url: string; body: (email: string) => Record<string, unknown>; needsAccount?: boolean }> = [
  { name: 'login', url: '/auth/login', body: (email) => ({ email, password: 'wrong-password' }) },
  { name: 'register', url: '/auth/register', body: (email) => ({ name: 'Ada Obi', email, password: PASSWORD }) },
  { name: 'verify', url: '/auth/email/verify', body: (email) => ({ email, code: '000000' }) },
  { name: 'resend', url: '/auth/email/resend', body: (email) => ({ email }), needsAccount: true },
  { name: 'forgot-password', url: '/auth/forgot-password', body: (email) => ({ email }) },
];

describe.each(cases)('$name', ({ url, body, needsAccount }) => {
  // Login counts the failed sign-ins from an address only (each case here is a wrong password); campus-limits.test.ts has the successes.
  it('answers 429 with a clear message after too many requests from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) {
      const email = needsAccount ? await account() : uniqueEmail();
      const res = await post(app, url, body(email), undefined, ip);
      expect(res.status).not.toBe(429);
    }
    const blocked = await post(app, url, body(uniqueEmail()), undefined, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MESSAGES.generic.tooManyRequests });
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('answers 429 after too many requests for one e-mail (login: from any address; the others: from that address)', async () => {
    const email = needsAccount ? await account() : uniqueEmail();
    const perEmailAndAddress = url !== '/auth/login';
    const ip = freshIp();
    for (let i = 0; i < 2; i += 1) {
      expect((await post(app, url, body(email), undefined, perEmailAndAddress ? ip : freshIp())).status).not.toBe(429);
    }
    const blocked = await post(app, url, body(email), undefined, perEmailAndAddress ? ip : freshIp());
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MESSAGES.generic.tooManyRequests);
    // Someone else's requests for a student's address never use up the student's own.
    if (perEmailAndAddress) expect((await post(app, url, body(email), undefined, freshIp())).status).not.toBe(429);
  });
});

describe('login per e-mail', () => {
  /** A verified account, made from its own address. */
  async function verified(): Promise<string> {
    const email = await account();
    expect((await post(app, '/auth/email/verify', { email, code: lastCode(app, email) }, undefined, freshIp())).status).toBe(200);
    return email;
  }

  // What happens past the limit (the account's lock-out) is in lock-out.test.ts.
  it('does not count successful sign-ins towards the per-e-mail limit', async () => {
    const email = await verified();
    for (let i = 0; i < small.perEmail.max + 2; i += 1) {
      expect((await post(app, '/auth/login', { email, password: PASSWORD }, undefined, freshIp())).status).toBe(200);
    }
    expect((await post(app, '/auth/login', { email, password: 'wrong-password' }, undefined, freshIp())).status).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  const ipLimited = { perIp: { max: 2, windowMs: 60_000 }, perEmail: { max: 1000, windowMs: 60_000 }, challengeAfter: 2 };
  const attempt = (target: FastifyInstance, forwardedFor: string) =>
    target.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: uniqueEmail() },
      remoteAddress: '10.200.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('off by default: X-Forwarded-For is ignored, every request counts for the connecting address', async () => {
    expect(app.config.trustProxy).toBe(false);
    const limited = await createTestApp({ rateLimits: { forgotPassword: ipLimited } });
    try {
      expect((await attempt(limited, '192.0.2.1')).statusCode).toBe(200);
      expect((await attempt(limited, '192.0.2.2')).statusCode).toBe(200);
      expect((await attempt(limited, '192.0.2.3')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('on: students behind the reverse proxy are limited by their own address', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.200.0.1' }, rateLimits: { forgotPassword: ipLimited } });
    try {
      for (const student of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
        expect((await attempt(proxied, student)).statusCode).toBe(200);
        expect((await attempt(proxied, student)).statusCode).toBe(200);
      }
      expect((await attempt(proxied, '192.0.2.1')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

it('has limits for every account endpoint by default', () => {
  expect(DEFAULT_RATE_LIMITS.resetPassword.perIp.max).toBeGreaterThan(0);
  expect(DEFAULT_RATE_LIMITS.changePassword.perUser.max).toBeGreaterThan(0);
  for (const name of ['login', 'register', 'verify', 'resend', 'forgotPassword'] as const) {
    expect(DEFAULT_RATE_LIMITS[name].perIp.max).toBeGreaterThan(0);
    expect(DEFAULT_RATE_LIMITS[name].perEmail.max).toBeGreaterThan(0);
  }
  expect(DEFAULT_RATE_LIMITS.resendCooldownMs).toBeGreaterThanOrEqual(30_000);
});

describe('the coarse per-address limit on every route', () => {
  it('floods from one address meet it on any route; another address and the photos do not', async () => {
    const guarded = await createTestApp({ rateLimits: { everyRoute: { perIp: { max: 5, windowMs: 60_000 } } } });
    try {
      const ip = freshIp();
      const hit = (url: string, from = ip) => guarded.inject({ method: 'GET', url, remoteAddress: from });
      for (let i = 0; i < 5; i += 1) expect((await hit(i % 2 ? '/api/v1/health' : '/api/v1/categories/only')).statusCode).toBe(200);
      const flooded = await hit('/api/v1/health');
      expect(flooded.statusCode).toBe(429);
      expect(flooded.json()).toMatchObject({ message: MESSAGES.generic.tooManyRequests });
      expect(flooded.headers['retry-after']).toBeDefined();
      expect((await hit('/api/v1/health', freshIp())).statusCode).toBe(200);
      // Photos are not counted (a page of product cards asks for many): a missing one is a 404, not a 429.
      expect((await hit('/uploads/products/none.webp')).statusCode).toBe(404);
    } finally {
      await guarded.close();
    }
  });

  it('counts an IPv6 network as one address, by its /64, as every other per-address limit counts it', async () => {
    const guarded = await createTestApp({ rateLimits: { everyRoute: { perIp: { max: 3, windowMs: 60_000 } } } });
    try {
      const hit = (from: string) => guarded.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: from });
      // Four devices of one /64 (a phone network gives each its own host part), in the ways IPv6 may be written.
      const statuses = [];
      for (const host of ['2001:db8:7:1::1', '2001:db8:7:1:a:b:c:d', '2001:0db8:0007:0001::ffff', '2001:db8:7:1:0:0:0:2']) {
        statuses.push((await hit(host)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await hit('2001:db8:7:2::1')).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('RATE_LIMIT_SCALE', () => {
  it('multiplies the per-address limits and challenge thresholds only (the journeys, all from one address); per-e-mail limits and the lock-out stay', () => {
    const scaled = scaledPerAddress(DEFAULT_RATE_LIMITS, 10);
    expect(scaled.login.perIp.max).toBe(DEFAULT_RATE_LIMITS.login.perIp.max * 10);
    expect(scaled.search.perIp.max).toBe(DEFAULT_RATE_LIMITS.search.perIp.max * 10);
    expect(scaled.register.challengeAfter).toBe(DEFAULT_RATE_LIMITS.register.challengeAfter * 10);
    expect(scaled.login.perEmail).toEqual(DEFAULT_RATE_LIMITS.login.perEmail);
    expect(scaled.changePassword).toEqual(DEFAULT_RATE_LIMITS.changePassword);
    expect(scaledPerAddress(DEFAULT_RATE_LIMITS, 1)).toBe(DEFAULT_RATE_LIMITS);
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '0.5' })).toThrow(/RATE_LIMIT_SCALE/);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '50' }).rateLimitScale).toBe(50);
  });
});
