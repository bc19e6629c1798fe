/**
 * Nobody can lock a chosen student out: someone else's wrong
 * codes and forgot-password requests never use up the student's own, and an
 * address nobody verified within 24 hours can be registered again.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { UNVERIFIED_ACCOUNT_TTL_MS } from '../../src/accounts/service';
import { ManualClock } from '../../src/lib/clock';
import { PASSWORD, createTestApp, lastCode, post, uniqueEmail } from '../helpers';

jest.setTimeout(60_000);

const clock = new ManualClock();
const tight = { perIp: { max: 1000, windowMs: 15 * 60_000 }, perEmail: { max: 3, windowMs: 15 * 60_000 }, challengeAfter: 1000 };
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ clock, rateLimits: { verify: tight, forgotPassword: tight, register: tight } });
});
afterAll(async () => app.close());

const ipBase = Math.floor(Math.random() * 250);
let n = 0;
const attackerIp = () => `172.${ipBase}.${Math.floor(++n / 250)}.${n % 250}`;
const STUDENT_IP = `10.${ipBase}.9.9`;

async function registerFrom(ip: string, email = uniqueEmail()) {
  const res = await post(app, '/auth/register', { name: 'Ada Obi', email, password: PASSWORD }, undefined, ip);
  return { email, status: res.status };
}

test("ten wrong codes from ten other addresses: the student's right code still verifies (it answered 429)", async () => {
  const { email } = await registerFrom(STUDENT_IP);
  const code = lastCode(app, email);
  const wrong = code === '000000' ? '111111' : '000000';
  const answers = [];
  for (let i = 0; i < 10; i += 1)
    answers.push((await post(app, '/auth/email/verify', { email, code: wrong }, undefined, attackerIp())).status);
  expect(answers.every((s) => s === 400)).toBe(true);
  const mine = await post(app, '/auth/email/verify', { email, code }, undefined, STUDENT_IP);
  expect(mine.status).toBe(200);
});

test('others have their own five attempts at a code: after them they are refused, the student is not', async () => {
  const { email } = await registerFrom(STUDENT_IP);
  const code = lastCode(app, email);
  const wrong = code === '000000' ? '111111' : '000000';
  const attacker = attackerIp();
  // Three per e-mail and address, so the guesses come from two addresses (the per-address limit bounds how many).
  for (let i = 0; i < 5; i += 1) await post(app, '/auth/email/verify', { email, code: wrong }, undefined, i < 3 ? attacker : attackerIp());
  const guessedRight = await post(app, '/auth/email/verify', { email, code }, undefined, attackerIp());
  expect(guessedRight.status).toBe(400);
  // The wrong code's answer: even the right code is refused once others' attempts are spent.
  expect(guessedRight.body.message).toBe(MESSAGES.verify.invalidCode);
  expect((await post(app, '/auth/email/verify', { email, code }, undefined, STUDENT_IP)).status).toBe(200);
});

test("someone else's forgot-password requests do not use up the student's (it answered 429)", async () => {
  const email = uniqueEmail();
  const attacker = attackerIp();
  for (let i = 0; i < 5; i += 1) await post(app, '/auth/forgot-password', { email }, undefined, attacker);
  expect((await post(app, '/auth/forgot-password', { email }, undefined, attacker)).status).toBe(429);
  expect((await post(app, '/auth/forgot-password', { email }, undefined, STUDENT_IP)).status).toBe(200);
});

test('an address nobody verified within 24 hours can be registered again; before that it is taken', async () => {
  const squatter = attackerIp();
  const { email } = await registerFrom(squatter);
  expect((await registerFrom(STUDENT_IP, email)).status).toBe(409);
  clock.advance(UNVERIFIED_ACCOUNT_TTL_MS + 1000);
  expect((await registerFrom(STUDENT_IP, email)).status).toBe(201);
  // The new account is the student's: the code mailed now verifies it, from the student's client.
  expect((await post(app, '/auth/email/verify', { email, code: lastCode(app, email) }, undefined, STUDENT_IP)).status).toBe(200);
  expect((await post(app, '/auth/login', { email, password: PASSWORD }, undefined, STUDENT_IP)).status).toBe(200);
});

test('a verified account never expires', async () => {
  const { email } = await registerFrom(STUDENT_IP);
  expect((await post(app, '/auth/email/verify', { email, code: lastCode(app, email) }, undefined, STUDENT_IP)).status).toBe(200);
  clock.advance(UNVERIFIED_ACCOUNT_TTL_MS + 1000);
  expect((await registerFrom(attackerIp(), email)).status).toBe(409);
});
