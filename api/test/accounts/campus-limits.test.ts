/**
 * The limits tell a campus from an attacker, with the default numbers: a whole campus behind one NAT
 * address signs up, verifies and signs in; credential stuffing from one address across many accounts
 * gets at most each account's allowance and is then refused; and past the challenge threshold
 * (lowered here) every sign-up from the address must carry a solved proof-of-work challenge.
 */
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib/v1';
import { MESSAGES } from '@campus/shared/messages';
import { ManualClock } from '../../src/lib/clock';
import { DEFAULT_RATE_LIMITS } from '../../src/plugins/rate-limits';
import { PASSWORD, createTestApp, get, lastCode, post, uniqueEmail } from '../helpers';

jest.setTimeout(180_000);

const D = DEFAULT_RATE_LIMITS;
// The counters live in the database, which the PostgreSQL pass may share: addresses of this file's own.
const ipBase = Math.floor(Math.random() * 250);
let n = 0;
const freshIp = () => `10.${ipBase}.${Math.floor(++n / 250) + 100}.${n % 250}`;

const signUp = (app: FastifyInstance, email: string, ip: string, altcha?: string) =>
  post(app, '/auth/register', { name: 'Ada Obi', email, password: PASSWORD, ...(altcha ? { altcha } : {}) }, undefined, ip);

describe('with the default limits', () => {
  const clock = new ManualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      clock,
      rateLimits: {
        login: D.login,
        register: D.register,
        verify: D.verify,
        resend: D.resend,
        forgotPassword: D.forgotPassword,
        proofOfWork: D.proofOfWork,
        everyRoute: D.everyRoute,
      },
    });
  });
  afterAll(async () => app.close());

  test('300 students behind one address sign up, verify and sign in within an hour', async () => {
    const campus = freshIp();
    const students = 300;
    const student = async (i: number) => {
      const email = uniqueEmail(`fresher${i}`);
      expect((await signUp(app, email, campus)).status).toBe(201);
      expect((await post(app, '/auth/email/verify', { email, code: lastCode(app, email) }, undefined, campus)).status).toBe(200);
      expect((await post(app, '/auth/login', { email, password: PASSWORD }, undefined, campus)).status).toBe(200);
    };
    // Ten at a time (a rush: the counters are hit concurrently), 300 spread over 50 minutes: one window of every hourly limit.
    for (let batch = 0; batch < students / 10; batch += 1) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => student(batch * 10 + i)));
      clock.advance(100_000);
    }
    // Successes never count against the address.
    expect((await app.counters.read(`login-failures-ip:${campus}`, clock.now()))?.hits ?? 0).toBe(0);
    expect(students).toBeLessThanOrEqual(D.register.challengeAfter);
  });

  test('400 wrong passwords over 40 accounts from one address: at most each account’s allowance, then refused', async () => {
    const accounts: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const email = uniqueEmail(`target${i}`);
      const ip = freshIp();
      expect((await signUp(app, email, ip)).status).toBe(201);
      expect((await post(app, '/auth/email/verify', { email, code: lastCode(app, email) }, undefined, ip)).status).toBe(200);
      accounts.push(email);
    }
    // One of them signed in from this browser before the attack (it keeps a device token).
    const owner = accounts[0] as string;
    const ownersDevice = (
      (await post(app, '/auth/login', { email: owner, password: PASSWORD }, undefined, freshIp())).body.data as {
        deviceToken: string;
      }
    ).deviceToken;

    const attacker = freshIp();
    const checked = new Map<string, number>(accounts.map((email) => [email, 0]));
    const statuses: number[] = [];
    // Credential stuffing: one guess at every account, ten rounds.
    for (let round = 0; round < 10; round += 1) {
      for (const email of accounts) {
        const res = await post(app, '/auth/login', { email, password: `guess-${round}` }, undefined, attacker);
        statuses.push(res.status);
        if (res.status === 401) checked.set(email, (checked.get(email) ?? 0) + 1);
        else {
          expect(res.status).toBe(429);
          expect(res.body.message).toBe(MESSAGES.generic.tooManyRequests);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
    }
    expect(statuses).toHaveLength(400);
    for (const count of checked.values()) expect(count).toBeLessThanOrEqual(D.login.perEmail.max);
    // Every password looked at was one of the address's allowance; every guess after it was refused.
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBe(D.login.perIp.max);
    expect(statuses.slice(firstRefused).every((status) => status === 429)).toBe(true);
    // A right password from that address is refused too (no password is looked at)...
    const other = accounts[1] as string;
    expect((await post(app, '/auth/login', { email: other, password: PASSWORD }, undefined, attacker)).status).toBe(429);
    // ...but a device that signed in to its account before passes, and other addresses are not affected.
    const trusted = await post(app, '/auth/login', { email: owner, password: PASSWORD, deviceToken: ownersDevice }, undefined, attacker);
    expect(trusted.status).toBe(200);
    expect((await post(app, '/auth/login', { email: other, password: PASSWORD }, undefined, freshIp())).status).toBe(200);
  });
});

describe('past the challenge threshold (lowered to 3 sign-ups an hour)', () => {
  const clock = new ManualClock();
  const THRESHOLD = 3;
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      clock,
      rateLimits: {
        register: { ...D.register, challengeAfter: THRESHOLD },
        forgotPassword: { ...D.forgotPassword, challengeAfter: THRESHOLD },
        // Easy to solve: the test is about the rule, not the cost (the default's is about a second in a browser).
        proofOfWork: { ...D.proofOfWork, maxNumber: 2000 },
      },
    });
  });
  afterAll(async () => app.close());

  /** A challenge from the API, solved as the browser does; answers the `altcha` field (base64 JSON). */
  async function solved(): Promise<string> {
    const res = await get(app, '/auth/challenge');
    expect(res.status).toBe(200);
    const c = res.body.data as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
    expect(c.maxnumber).toBe(2000);
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    if (!solution) throw new Error('no solution');
    const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }

  test('every sign-up from the address must carry a solved challenge; a missing, wrong, reused or expired one is refused', async () => {
    const ip = freshIp();
    for (let i = 0; i < THRESHOLD; i += 1) expect((await signUp(app, uniqueEmail(), ip)).status).toBe(201);

    const email = uniqueEmail('past-threshold');
    const missing = await signUp(app, email, ip);
    expect(missing.status).toBe(428);
    expect(missing.body).toEqual({ statusCode: 428, error: 'Precondition Required', message: MESSAGES.generic.challengeRequired });

    const good = await solved();
    const decoded = JSON.parse(Buffer.from(good, 'base64').toString('utf8')) as { number: number; signature: string };
    const wrongNumber = Buffer.from(JSON.stringify({ ...decoded, number: decoded.number + 1 })).toString('base64');
    const forged = Buffer.from(JSON.stringify({ ...decoded, signature: 'f'.repeat(64) })).toString('base64');
    for (const bad of [wrongNumber, forged, 'not base64 JSON']) {
      const refused = await signUp(app, email, ip, bad);
      expect(refused.status).toBe(428);
      expect(refused.body.message).toBe(MESSAGES.generic.challengeFailed);
    }
    // None of the refused requests made the account: the solved one does.
    expect((await signUp(app, email, ip, good)).status).toBe(201);
    // Used once: not again, for another sign-up.
    const reused = await signUp(app, uniqueEmail(), ip, good);
    expect(reused.status).toBe(428);
    expect(reused.body.message).toBe(MESSAGES.generic.challengeFailed);

    // Every further sign-up needs one of its own.
    for (let i = 0; i < 3; i += 1) {
      const next = uniqueEmail();
      expect((await signUp(app, next, ip)).status).toBe(428);
      expect((await signUp(app, next, ip, await solved())).status).toBe(201);
    }

    // A solution not used before it expired is refused.
    const late = await solved();
    clock.advance(D.proofOfWork.expiresMs + 1000);
    expect((await signUp(app, uniqueEmail(), ip, late)).body.message).toBe(MESSAGES.generic.challengeFailed);

    // Another address has its own count.
    expect((await signUp(app, uniqueEmail(), freshIp())).status).toBe(201);
  });

  test('forgot-password asks the same past its threshold (as do verification and resend)', async () => {
    const ip = freshIp();
    for (let i = 0; i < THRESHOLD; i += 1)
      expect((await post(app, '/auth/forgot-password', { email: uniqueEmail() }, undefined, ip)).status).toBe(200);
    const email = uniqueEmail();
    expect((await post(app, '/auth/forgot-password', { email }, undefined, ip)).status).toBe(428);
    expect((await post(app, '/auth/forgot-password', { email, altcha: await solved() }, undefined, ip)).status).toBe(200);
  });
});
