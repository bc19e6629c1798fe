/** Sign-up, e-mail verification, sign-in, the session guard (spec 3, 4, 5, 7, 8). */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { userSchema } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { SESSION_LIFETIMES, createSession, findUserByEmail } from '../../src/accounts/service';
import { PASSWORD, createTestApp, get, lastCode, lastMail, login, post, register, signedIn, uniqueEmail } from '../helpers';

let app: FastifyInstance;
const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock, sessionLifetimes: SESSION_LIFETIMES });
});
afterAll(async () => {
  await app.close();
});

describe('POST /auth/register', () => {
  it('creates an unverified account, answers 201 with the user and e-mails a 6-digit code', async () => {
    const email = uniqueEmail();
    const res = await post(app, '/auth/register', { name: 'Chidi  Okafor Eze', email, password: PASSWORD });
    expect(res.status).toBe(201);
    const user = userSchema.parse((res.body.data as { user: unknown }).user);
    expect(user).toMatchObject({
      firstName: 'Chidi',
      lastName: 'Okafor Eze',
      fullName: 'Chidi Okafor Eze',
      name: 'Chidi Okafor Eze',
      email,
      role: 'Customer',
      emailVerified: false,
      isSeller: false,
      seller: null,
    });
    const mail = lastMail(app, email);
    expect(mail.subject).toContain('Campus University');
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.text).toContain('Campus University');
    expect(mail.html).toContain(lastCode(app, email));
  });

  it('refuses an address outside the university domain with the spec message', async () => {
    const res = await post(app, '/auth/register', { name: 'Ada Obi', email: 'ada@gmail.com', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Please use a valid university email address (for example student@campus.edu.ng)',
    });
    // A look-alike domain is refused too.
    const lookAlike = await post(app, '/auth/register', { name: 'Ada Obi', email: 'ada@campus.edu.ng.evil.com', password: PASSWORD });
    expect(lookAlike.status).toBe(400);
  });

  it('enforces the name and password lengths with the spec texts', async () => {
    const shortName = await post(app, '/auth/register', { name: 'A', email: uniqueEmail(), password: PASSWORD });
    expect(shortName.status).toBe(400);
    expect(shortName.body.message).toBe(MESSAGES.validation.fullNameMin);
    const shortPassword = await post(app, '/auth/register', { name: 'Ada Obi', email: uniqueEmail(), password: '12345' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toBe(MESSAGES.validation.passwordMin);
    const missing = await post(app, '/auth/register', { name: 'Ada Obi', email: uniqueEmail() });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('password is required');
  });

  it('answers 409 for an e-mail that already has an account (case-insensitive)', async () => {
    const email = await register(app);
    const again = await post(app, '/auth/register', { name: 'Ada Obi', email: email.toUpperCase(), password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.register.emailExists);
  });

  it('stores the password hashed with scrypt, never in clear', async () => {
    const email = await register(app);
    const row = await findUserByEmail(app, email);
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });
});

describe('POST /auth/email/verify', () => {
  it('verifies with the right code, sends a welcome e-mail, and then login works', async () => {
    const email = await register(app);
    const res = await post(app, '/auth/email/verify', { email, code: lastCode(app, email) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.verify.success);
    expect((res.body.data as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
    const welcome = lastMail(app, email);
    expect(welcome.subject).toMatch(/Welcome/);
    expect(welcome.text).toContain('Campus University');
    expect(await login(app, email)).toEqual(expect.any(String));
  });

  it('answers 400 with the spec text for a wrong code, and the same for an unknown e-mail', async () => {
    const email = await register(app);
    const right = lastCode(app, email);
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await post(app, '/auth/email/verify', { email, code: wrong });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.verify.invalidCode);
    const unknown = await post(app, '/auth/email/verify', { email: uniqueEmail('ghost'), code: '123456' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MESSAGES.verify.invalidCode);
    const malformed = await post(app, '/auth/email/verify', { email, code: '12a' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(MESSAGES.validation.verificationCodeIncomplete);
  });

  it("refuses a code older than 15 minutes (with the wrong code's answer: an expired code would tell an account exists)", async () => {
    const email = await register(app);
    const code = lastCode(app, email);
    clock.advance(15 * 60_000 + 1000);
    const res = await post(app, '/auth/email/verify', { email, code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.verify.invalidCode);
  });

  it('allows at most 5 wrong attempts, after which even the right code needs a new one', async () => {
    const email = await register(app);
    const right = lastCode(app, email);
    const wrong = right === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await post(app, '/auth/email/verify', { email, code: wrong });
      expect(res.status).toBe(400);
      messages.push(String(res.body.message));
    }
    // One answer throughout: "too many attempts" would tell that the address has an account.
    expect(messages).toEqual(Array(5).fill(MESSAGES.verify.invalidCode));
    const blocked = await post(app, '/auth/email/verify', { email, code: right });
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe(MESSAGES.verify.invalidCode);

    // A new code starts over.
    clock.advance(61_000);
    expect((await post(app, '/auth/email/resend', { email })).status).toBe(200);
    const fresh = lastCode(app, email);
    expect((await post(app, '/auth/email/verify', { email, code: fresh })).status).toBe(200);
  });
});

describe('POST /auth/email/resend', () => {
  it('sends a new code that replaces the old one, at most once a minute', async () => {
    const email = await register(app);
    const first = lastCode(app, email);
    const tooSoon = await post(app, '/auth/email/resend', { email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/Please wait \d+ seconds/);
    expect(tooSoon.headers['retry-after']).toBeDefined();

    clock.advance(61_000);
    const res = await post(app, '/auth/email/resend', { email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.verify.resent);
    const second = lastCode(app, email);
    if (second !== first) {
      const old = await post(app, '/auth/email/verify', { email, code: first });
      expect(old.status).toBe(400);
    }
    expect((await post(app, '/auth/email/verify', { email, code: second })).status).toBe(200);
  });

  it('answers an unknown e-mail and a verified one as it answers a waiting account, and mails neither', async () => {
    const ghost = uniqueEmail('ghost');
    const unknown = await post(app, '/auth/email/resend', { email: ghost });
    expect([unknown.status, unknown.body.message]).toEqual([200, MESSAGES.verify.resent]);
    expect(app.mailer.mailbox?.list(ghost)).toHaveLength(0);
    const { email } = await signedIn(app);
    clock.advance(61_000);
    const mailsBefore = app.mailer.mailbox?.list(email).length;
    const verified = await post(app, '/auth/email/resend', { email });
    expect([verified.status, verified.body.message]).toEqual([200, MESSAGES.verify.resent]);
    expect(app.mailer.mailbox?.list(email).length).toBe(mailsBefore);
  });
});

describe('POST /auth/login and GET /auth/me', () => {
  it('answers a token and the user; /auth/me answers the user for that token', async () => {
    const { email, token } = await signedIn(app);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const res = await post(app, '/auth/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    const data = res.body.data as { token: string; user: unknown };
    expect(userSchema.parse(data.user).email).toBe(email);
    const me = await get(app, '/auth/me', data.token);
    expect(me.status).toBe(200);
    expect(userSchema.parse(me.body.data)).toMatchObject({ email, emailVerified: true, role: 'Customer' });
  });

  it('answers 403 with the spec text for an unverified account (right password only)', async () => {
    const email = await register(app);
    const res = await post(app, '/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.login.unverified);
    const wrong = await post(app, '/auth/login', { email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const { email } = await signedIn(app);
    const wrong = await post(app, '/auth/login', { email, password: 'not-the-password' });
    const unknown = await post(app, '/auth/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe(MESSAGES.login.unauthorized);
  });

  it('refuses the university domain rule on login with the long message', async () => {
    const res = await post(app, '/auth/login', { email: 'someone@yahoo.com', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.validation.universityEmailLong('student@campus.edu.ng'));
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await get(app, '/auth/me')).status).toBe(401);
    const bogus = await get(app, '/auth/me', 'not-a-real-token');
    expect(bogus.status).toBe(401);
    expect(bogus.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.generic.unauthorized });
  });

  it('never serves an unverified account, even holding a session token', async () => {
    const email = await register(app);
    const user = await findUserByEmail(app, email);
    const { token } = await createSession(app, user!.id);
    const me = await get(app, '/auth/me', token);
    expect(me.status).toBe(403);
    expect(me.body.message).toBe(MESSAGES.login.unverified);
  });

  it('expires an access token after 15 minutes (renewal: session-renewal.test.ts)', async () => {
    const { token } = await signedIn(app);
    clock.advance(14 * 60_000);
    expect((await get(app, '/auth/me', token)).status).toBe(200);
    clock.advance(60_000 + 1000);
    expect((await get(app, '/auth/me', token)).status).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token used, leaving other sessions alone', async () => {
    const { email, token } = await signedIn(app);
    const other = await login(app, email);
    const res = await post(app, '/auth/logout', {}, token);
    expect(res.status).toBe(200);
    expect((await get(app, '/auth/me', token)).status).toBe(401);
    expect((await post(app, '/auth/logout', {}, token)).status).toBe(401);
    expect((await get(app, '/auth/me', other)).status).toBe(200);
  });
});
