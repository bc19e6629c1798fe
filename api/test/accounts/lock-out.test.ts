/**
 * Password guessing is capped per account, not only per address, and rate limits
 * survive restarts and several instances: past its failure limit an
 * account is locked (no password is checked, so a right guess looks like a
 * wrong one), the lock grows, the owner is e-mailed a reset link, a device
 * that signed in before passes, and the counters are in the database.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { LOCK_BASE_MS } from '../../src/accounts/sign-in-guard';
import { ManualClock } from '../../src/lib/clock';
import { PASSWORD, createTestApp, onPostgres, post, register, lastCode, uniqueEmail } from '../helpers';

jest.setTimeout(120_000);

const MAX_FAILURES = 4;
const login = { perIp: { max: 100_000, windowMs: 60_000 }, perEmail: { max: MAX_FAILURES, windowMs: 15 * 60_000 } };
const clock = new ManualClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ clock, rateLimits: { login } });
});
afterAll(async () => app.close());

const ipBase = Math.floor(Math.random() * 250);
let n = 0;
const freshIp = () => `10.${ipBase}.${Math.floor(++n / 250)}.${n % 250}`;

async function verifiedAccount(): Promise<string> {
  const email = await register(app);
  expect((await post(app, '/auth/email/verify', { email, code: lastCode(app, email) })).status).toBe(200);
  return email;
}

const signIn = (email: string, password: string, deviceToken?: string) =>
  post(app, '/auth/login', { email, password, ...(deviceToken ? { deviceToken } : {}) }, undefined, freshIp());

/** Wrong passwords from a new address each time until the account locks; answers the locking answer. */
async function lockOut(email: string) {
  for (let i = 0; i < MAX_FAILURES; i += 1) expect((await signIn(email, `wrong-${i}`)).status).toBe(401);
  const locking = await signIn(email, 'wrong-last');
  expect(locking.status).toBe(429);
  return locking;
}

test('past the limit the right password gets the same 429 as a wrong one, from any address (it answered 200)', async () => {
  const email = await verifiedAccount();
  const locking = await lockOut(email);
  expect(locking.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MESSAGES.generic.tooManyRequests });
  expect(Number(locking.headers['retry-after'])).toBe(LOCK_BASE_MS / 1000);
  const right = await signIn(email, PASSWORD);
  const wrong = await signIn(email, 'another-guess');
  expect(right.status).toBe(429);
  expect(right.body).toEqual(wrong.body);
  // The student is told, with a way out that needs the mailbox.
  const mail = app.mailer.mailbox?.list(email)[0];
  expect(mail?.subject).toMatch(/Someone is trying to sign in/);
  expect(mail?.text).toMatch(/reset-password\?token=/);
});

test('a device that signed in before passes the lock; another account’s device token or a forged one does not', async () => {
  const email = await verifiedAccount();
  const mine = await signIn(email, PASSWORD);
  expect(mine.status).toBe(200);
  const deviceToken = (mine.body.data as { deviceToken: string }).deviceToken;
  expect(deviceToken).toMatch(/^[\w-]+\.[\w-]+$/);
  await lockOut(email);
  const again = await signIn(email, PASSWORD, deviceToken);
  expect(again.status).toBe(200);
  // The same device keeps its id.
  expect((again.body.data as { deviceToken: string }).deviceToken).toBe(deviceToken);

  const other = await verifiedAccount();
  const othersDevice = ((await signIn(other, PASSWORD)).body.data as { deviceToken: string }).deviceToken;
  expect((await signIn(email, PASSWORD, othersDevice)).status).toBe(429);
  const [id] = deviceToken.split('.');
  expect((await signIn(email, PASSWORD, `${id}.${'A'.repeat(43)}`)).status).toBe(429);
});

test('the lock grows: 15 minutes, then 30 after the next round of guesses', async () => {
  const email = await verifiedAccount();
  await lockOut(email);
  clock.advance(LOCK_BASE_MS + 1000);
  expect((await signIn(email, PASSWORD)).status).toBe(200);
  const second = await lockOut(email);
  expect(Number(second.headers['retry-after'])).toBe((2 * LOCK_BASE_MS) / 1000);
  clock.advance(LOCK_BASE_MS + 1000);
  expect((await signIn(email, PASSWORD)).status).toBe(429);
});

test('the reset link in the e-mail lifts the lock', async () => {
  const email = await verifiedAccount();
  await lockOut(email);
  const token = /token=([\w-]+)/.exec(app.mailer.mailbox?.list(email)[0]?.text ?? '')?.[1] ?? '';
  expect((await post(app, '/auth/reset-password', { token, newPassword: 'a-brand-new-pass-2' })).status).toBe(200);
  expect((await signIn(email, 'a-brand-new-pass-2')).status).toBe(200);
});

test('unknown e-mails lock the same way: the answers do not tell which accounts exist', async () => {
  const email = uniqueEmail();
  const locking = await lockOut(email);
  expect(locking.body.message).toBe(MESSAGES.generic.tooManyRequests);
});

describe('the counters are in the database', () => {
  const ipLimited = { perIp: { max: 30, windowMs: 15 * 60_000 }, perEmail: { max: 100_000, windowMs: 60_000 } };

  (onPostgres ? test : test.skip)(
    'two instances on one PostgreSQL share the sign-in limit: 30 failures spread over both meet it',
    async () => {
      const [a, b] = await Promise.all([
        createTestApp({ rateLimits: { login: ipLimited } }),
        createTestApp({ rateLimits: { login: ipLimited } }),
      ]);
      try {
        const ip = freshIp();
        const attempt = (target: FastifyInstance) =>
          post(target, '/auth/login', { email: uniqueEmail(), password: 'wrong-password' }, undefined, ip);
        for (let i = 0; i < 30; i += 1) expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(401);
        expect((await attempt(a)).status).toBe(429);
        expect((await attempt(b)).status).toBe(429);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    },
  );

  (onPostgres ? test.skip : test)('a restart forgives nothing (PGlite on disk)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'campus-limits-'));
    const ip = freshIp();
    const attempt = (target: FastifyInstance) =>
      post(target, '/auth/login', { email: uniqueEmail(), password: 'wrong-password' }, undefined, ip);
    const first = await createTestApp({ pgliteDir: dir, rateLimits: { login: ipLimited } });
    try {
      for (let i = 0; i < 30; i += 1) expect((await attempt(first)).status).toBe(401);
    } finally {
      await first.close();
    }
    const second = await createTestApp({ pgliteDir: dir, rateLimits: { login: ipLimited } });
    try {
      expect((await attempt(second)).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});
