/**
 * Sessions: a 15-minute access token, renewed at POST /auth/refresh with a one-use renewal token;
 * the session ends after 7 days without a renewal, and at 30 days whatever happens. A renewal token
 * used twice ends the session; logout and password changes end renewal as they end access.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { SESSION_LIFETIMES } from '../../src/accounts';
import { ManualClock } from '../../src/lib/clock';
import { PASSWORD, createTestApp, get, lastResetToken, post, signedIn } from '../helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let app: FastifyInstance;
const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock, sessionLifetimes: SESSION_LIFETIMES });
});
afterAll(async () => {
  await app.close();
});

type Tokens = { token: string; refreshToken: string };

async function signIn(): Promise<Tokens & { email: string }> {
  const { email } = await signedIn(app);
  const res = await post(app, '/auth/login', { email, password: PASSWORD });
  const { token, refreshToken } = res.body.data as Tokens;
  return { email, token, refreshToken };
}

const renew = (refreshToken: string) => post(app, '/auth/refresh', { refreshToken });
const me = async (token: string) => (await get(app, '/auth/me', token)).status;

async function renewed(refreshToken: string): Promise<Tokens> {
  const res = await renew(refreshToken);
  expect(res.status).toBe(200);
  return res.body.data as Tokens;
}

it('login answers an access token and a renewal token; the access token stops after 15 minutes with a 401', async () => {
  const { token, refreshToken } = await signIn();
  expect(refreshToken).toEqual(expect.any(String));
  expect(refreshToken).not.toBe(token);
  clock.advance(15 * MINUTE - 1000);
  expect(await me(token)).toBe(200);
  clock.advance(2000);
  const expired = await get(app, '/auth/me', token);
  expect(expired.status).toBe(401);
  expect(expired.body.message).toBe(MESSAGES.generic.unauthorized);
});

it('renewal answers a new pair: the new access token works, the one it replaced does not', async () => {
  const first = await signIn();
  clock.advance(20 * MINUTE);
  const next = await renewed(first.refreshToken);
  expect(next.token).not.toBe(first.token);
  expect(next.refreshToken).not.toBe(first.refreshToken);
  expect(await me(next.token)).toBe(200);
  expect(await me(first.token)).toBe(401);
});

it('a student active every day stays signed in past 7 days; the session still ends at 30 days', async () => {
  let tokens: Tokens = await signIn();
  for (let day = 1; day <= 29; day += 1) {
    clock.advance(DAY);
    tokens = await renewed(tokens.refreshToken);
    expect(await me(tokens.token)).toBe(200);
  }
  clock.advance(DAY);
  expect((await renew(tokens.refreshToken)).status).toBe(401);
});

it('ends the session after 7 days without a renewal', async () => {
  const early = await signIn();
  const late = await signIn();
  clock.advance(7 * DAY - MINUTE);
  expect(await me((await renewed(early.refreshToken)).token)).toBe(200);
  clock.advance(2 * MINUTE);
  const idle = await renew(late.refreshToken);
  expect(idle.status).toBe(401);
  expect(idle.body.message).toBe(MESSAGES.generic.unauthorized);
});

it('a renewal token used twice ends the session, for the copy and the original alike', async () => {
  const first = await signIn();
  const victim = await renewed(first.refreshToken);
  // Someone replays the token they copied.
  const replay = await renew(first.refreshToken);
  expect(replay.status).toBe(401);
  expect(await me(victim.token)).toBe(401);
  expect((await renew(victim.refreshToken)).status).toBe(401);
});

it('two renewals with one token at the same moment: at most one renews, and the session ends', async () => {
  const { refreshToken } = await signIn();
  const answers = await Promise.all([renew(refreshToken), renew(refreshToken)]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  const winner = answers.find((a) => a.status === 200)?.body.data as Tokens;
  expect(await me(winner.token)).toBe(401);
});

it('refuses an unknown renewal token with 401 and a malformed body with 400', async () => {
  expect((await renew('not-a-renewal-token')).status).toBe(401);
  expect((await post(app, '/auth/refresh', {})).status).toBe(400);
});

it('logout ends renewal too', async () => {
  const { token, refreshToken } = await signIn();
  expect((await post(app, '/auth/logout', {}, token)).status).toBe(200);
  expect((await renew(refreshToken)).status).toBe(401);
});

it("a password change ends the other sessions' renewal and keeps this one's; a reset ends every one", async () => {
  const { email, token, refreshToken } = await signIn();
  const other = await post(app, '/auth/login', { email, password: PASSWORD });
  const otherTokens = other.body.data as Tokens;
  const changed = await post(app, '/users/change-password', { oldPassword: PASSWORD, newPassword: 'newer-pass-2' }, token);
  expect(changed.status).toBe(200);
  expect((await renew(otherTokens.refreshToken)).status).toBe(401);
  const kept = await renewed(refreshToken);

  expect((await post(app, '/auth/forgot-password', { email })).status).toBe(200);
  expect((await post(app, '/auth/reset-password', { token: lastResetToken(app, email), newPassword: 'newest-pass-3' })).status).toBe(200);
  expect((await renew(kept.refreshToken)).status).toBe(401);
  expect(await me(kept.token)).toBe(401);
});
