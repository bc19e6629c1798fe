/** Abuse of the password endpoints: hashing cost before the token check, missing limits. */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import * as crypto from '../../src/lib/crypto';
import { PASSWORD, createTestApp, lastResetToken, post, signedIn } from '../helpers';

// The real functions, counted: a bogus reset must not reach the (slow) password hash.
jest.mock('../../src/lib/crypto', () => {
  const actual = jest.requireActual<typeof crypto>('../../src/lib/crypto');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
const hashPassword = jest.mocked(crypto.hashPassword);

let app: FastifyInstance;
const limit = { max: 3, windowMs: 60_000 };

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { resetPassword: { perIp: limit }, changePassword: { perUser: limit } } });
});
afterAll(async () => {
  await app.close();
});

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('POST /auth/reset-password', () => {
  it('refuses an unknown token without hashing the new password', async () => {
    hashPassword.mockClear();
    const res = await post(app, '/auth/reset-password', { token: 'made-up-token', newPassword: 'brand-new-pass' }, undefined, freshIp());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.validation.invalidResetLink);
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('answers 429 after too many attempts from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < limit.max; i += 1) {
      expect((await post(app, '/auth/reset-password', { token: `bogus-${i}`, newPassword: 'brand-new-pass' }, undefined, ip)).status).toBe(
        400,
      );
    }
    const blocked = await post(app, '/auth/reset-password', { token: 'bogus', newPassword: 'brand-new-pass' }, undefined, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MESSAGES.generic.tooManyRequests);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await post(app, '/auth/reset-password', { token: 'bogus', newPassword: 'brand-new-pass' }, undefined, freshIp())).status).toBe(
      400,
    );
  });
});

describe('POST /users/change-password', () => {
  it('answers 429 after too many wrong old passwords for one user', async () => {
    const { token } = await signedIn(app);
    for (let i = 0; i < limit.max; i += 1) {
      const wrong = await post(app, '/users/change-password', { oldPassword: `not-it-${i}`, newPassword: 'newer-pass' }, token, freshIp());
      expect(wrong.status).toBe(400);
    }
    const blocked = await post(app, '/users/change-password', { oldPassword: 'not-it', newPassword: 'newer-pass' }, token, freshIp());
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MESSAGES.generic.tooManyRequests });
    expect(blocked.headers['retry-after']).toBeDefined();

    // Another user is not affected.
    const other = await signedIn(app);
    const ok = await post(app, '/users/change-password', { oldPassword: PASSWORD, newPassword: 'newer-pass' }, other.token);
    expect(ok.status).toBe(200);
  });

  it('counts every change, right or wrong: a stolen session cannot probe without end', async () => {
    const { token } = await signedIn(app);
    let current = PASSWORD;
    for (let i = 0; i < limit.max; i += 1) {
      const next = `newer-pass-${i}`;
      expect((await post(app, '/users/change-password', { oldPassword: current, newPassword: next }, token)).status).toBe(200);
      current = next;
    }
    expect((await post(app, '/users/change-password', { oldPassword: current, newPassword: 'one-more-pass' }, token)).status).toBe(429);
  });

  it('voids the reset links mailed before the change (one would undo it)', async () => {
    const { email, token } = await signedIn(app);
    expect((await post(app, '/auth/forgot-password', { email })).status).toBe(200);
    const link = lastResetToken(app, email);
    expect((await post(app, '/users/change-password', { oldPassword: PASSWORD, newPassword: 'changed-pass-1' }, token)).status).toBe(200);
    const reset = await post(app, '/auth/reset-password', { token: link, newPassword: 'attacker-pass' }, undefined, freshIp());
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(MESSAGES.validation.invalidResetLink);
  });
});
