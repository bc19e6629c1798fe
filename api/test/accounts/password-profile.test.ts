/** Forgot/reset password, change password, profile. */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { userSchema } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { PASSWORD, createTestApp, get, lastMail, lastResetToken, login, post, put, signedIn, uniqueEmail } from '../helpers';

let app: FastifyInstance;
const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock, env: { APP_URL: 'https://market.example.edu' } });
});
afterAll(async () => {
  await app.close();
});

describe('POST /auth/forgot-password', () => {
  it('answers the same neutral success whether or not the account exists', async () => {
    const { email } = await signedIn(app);
    const known = await post(app, '/auth/forgot-password', { email });
    const ghost = uniqueEmail('ghost');
    const unknown = await post(app, '/auth/forgot-password', { email: ghost });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(MESSAGES.password.forgotSuccess);
    expect(app.mailer.mailbox?.list(ghost)).toEqual([]);
    const mail = lastMail(app, email);
    expect(mail.text).toContain('https://market.example.edu/reset-password?token=');
    expect(mail.text).toContain('Campus University');
    expect(mail.html).toContain('reset-password?token=');
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password, works once, and signs out every session', async () => {
    const { email, token } = await signedIn(app);
    await post(app, '/auth/forgot-password', { email });
    const resetToken = lastResetToken(app, email);
    const res = await post(app, '/auth/reset-password', { token: resetToken, newPassword: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.password.resetSuccess);
    expect((await get(app, '/auth/me', token)).status).toBe(401);
    expect((await post(app, '/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect(await login(app, email, 'brand-new-pass')).toEqual(expect.any(String));

    const again = await post(app, '/auth/reset-password', { token: resetToken, newPassword: 'another-pass' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.validation.invalidResetLink);
  });

  it('refuses a link older than 1 hour and an unknown token', async () => {
    const { email } = await signedIn(app);
    await post(app, '/auth/forgot-password', { email });
    const resetToken = lastResetToken(app, email);
    clock.advance(60 * 60_000 + 1000);
    const expired = await post(app, '/auth/reset-password', { token: resetToken, newPassword: 'brand-new-pass' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(MESSAGES.validation.invalidResetLink);
    const unknown = await post(app, '/auth/reset-password', { token: 'made-up-token', newPassword: 'brand-new-pass' });
    expect(unknown.status).toBe(400);
    expect(await login(app, email)).toEqual(expect.any(String));
  });

  it('applies the password length rule', async () => {
    const res = await post(app, '/auth/reset-password', { token: 'x', newPassword: '123' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.validation.passwordMin);
  });
});

describe('POST /users/change-password', () => {
  it('checks the old password (400, not 401) and revokes the other sessions only', async () => {
    const { email, token } = await signedIn(app);
    const other = await login(app, email);
    const wrong = await post(app, '/users/change-password', { oldPassword: 'not-it', newPassword: 'newer-pass' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MESSAGES.account.oldPasswordIncorrect);
    expect((await get(app, '/auth/me', other)).status).toBe(200);

    const res = await post(app, '/users/change-password', { oldPassword: PASSWORD, newPassword: 'newer-pass' }, token);
    expect(res.status).toBe(200);
    expect((await get(app, '/auth/me', token)).status).toBe(200);
    expect((await get(app, '/auth/me', other)).status).toBe(401);
    expect(await login(app, email, 'newer-pass')).toEqual(expect.any(String));
    expect((await post(app, '/auth/login', { email, password: PASSWORD })).status).toBe(401);
  });

  it('needs a token', async () => {
    expect((await post(app, '/users/change-password', { oldPassword: 'a', newPassword: 'bbbbbb' })).status).toBe(401);
  });
});

describe('PUT /users/profile', () => {
  it('updates the names and answers the updated user', async () => {
    const { email, token } = await signedIn(app);
    const res = await put(app, '/users/profile', { firstName: 'Ngozi', lastName: 'Adeyemi', displayName: 'Ngo', email }, token);
    expect(res.status).toBe(200);
    expect(userSchema.parse(res.body.data)).toMatchObject({
      firstName: 'Ngozi',
      lastName: 'Adeyemi',
      fullName: 'Ngozi Adeyemi',
      name: 'Ngozi Adeyemi',
      displayName: 'Ngo',
      email,
    });
    const me = await get(app, '/auth/me', token);
    expect((me.body.data as { fullName: string }).fullName).toBe('Ngozi Adeyemi');
  });

  it('never changes the e-mail', async () => {
    const { email, token } = await signedIn(app);
    const res = await put(app, '/users/profile', { firstName: 'Ada', lastName: 'Obi', email: uniqueEmail('other') }, token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.validation.emailCannotBeChanged);
    const me = await get(app, '/auth/me', token);
    expect((me.body.data as { email: string }).email).toBe(email);
  });

  it('needs a token', async () => {
    expect((await put(app, '/users/profile', { firstName: 'Ada' })).status).toBe(401);
  });
});
