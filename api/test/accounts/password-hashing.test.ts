/** Passwords are hashed at OWASP's scrypt minimum, and older, cheaper hashes are upgraded at sign-in. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema';
import { loadConfig } from '../../src/config';
import { PASSWORD_PARAMS, hashPassword, needsRehash } from '../../src/lib/crypto';
import { PASSWORD, createTestApp, lastCode, post, register } from '../helpers';

jest.setTimeout(60_000);

test("OWASP's 32 MiB form (N=2^15, r=8, p=3) everywhere but the tests", () => {
  expect(PASSWORD_PARAMS).toEqual({ N: 32_768, r: 8, p: 3 });
  expect(loadConfig({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_abc123' }).passwordHashParams).toEqual(PASSWORD_PARAMS);
  expect(loadConfig({ NODE_ENV: 'development' }).passwordHashParams).toEqual(PASSWORD_PARAMS);
  expect(needsRehash('scrypt$32768$8$1$c2FsdA$aGFzaA', PASSWORD_PARAMS)).toBe(true);
  expect(needsRehash('scrypt$32768$8$3$c2FsdA$aGFzaA', PASSWORD_PARAMS)).toBe(false);
});

describe('an API outside the tests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { NODE_ENV: 'development', LOG_LEVEL: 'silent' } });
  });
  afterAll(async () => app.close());

  const storedHash = async (email: string) =>
    (await app.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, email)))[0]?.h ?? '';

  test('stores new passwords at that cost', async () => {
    const email = await register(app);
    expect(await storedHash(email)).toMatch(/^scrypt\$32768\$8\$3\$/);
  });

  test('a password hashed at the old cost (N=2^15, p=1) is rehashed at the next sign-in, and still works', async () => {
    const email = await register(app);
    expect((await post(app, '/auth/email/verify', { email, code: lastCode(app, email) })).status).toBe(200);
    await app.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD, { N: 1 << 15, r: 8, p: 1 }) })
      .where(eq(users.email, email));
    expect((await post(app, '/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect(await storedHash(email)).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect((await post(app, '/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await post(app, '/auth/login', { email, password: 'not-the-password' })).status).toBe(401);
  });
});
