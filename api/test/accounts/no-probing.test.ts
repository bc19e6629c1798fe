/**
 * No account probing: every public endpoint that takes an e-mail answers a missing, an unverified
 * and a verified account alike (status and body), and does the same slow work for each (the hash
 * functions are counted, not timed). Registration is the one place a taken mailbox is said, by the
 * spec's neutral text, the same for a verified and an unverified account and for any spelling.
 */
import type { FastifyInstance } from 'fastify';
import { accounts, bodySchemaOf, type EndpointDefinition } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { ManualClock } from '../../src/lib/clock';
import * as crypto from '../../src/lib/crypto';
import { DOMAIN, PASSWORD, createTestApp, post, register, signedIn, uniqueEmail } from '../helpers';

// The real functions, counted: both branches must reach the same (slow) hash.
jest.mock('../../src/lib/crypto', () => {
  const actual = jest.requireActual<typeof crypto>('../../src/lib/crypto');
  return {
    ...actual,
    hashCode: jest.fn(actual.hashCode),
    verifyCode: jest.fn(actual.verifyCode),
    verifyPassword: jest.fn(actual.verifyPassword),
  };
});

let app: FastifyInstance;
const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});

type Kind = 'missing' | 'unverified' | 'verified';
const KINDS: Kind[] = ['missing', 'unverified', 'verified'];

async function accountOf(kind: Kind): Promise<string> {
  if (kind === 'missing') return uniqueEmail('nobody');
  if (kind === 'unverified') return register(app);
  return (await signedIn(app)).email;
}

type Answer = { status: number; body: unknown; headers?: Record<string, unknown> };

/** What a stranger sees: status, body and headers (less those that differ for every request). */
function seen(answer: Answer): Answer {
  const headers = Object.fromEntries(
    Object.entries(answer.headers ?? {}).filter(([name]) => !['date', 'x-request-id'].includes(name) && !name.startsWith('x-ratelimit')),
  );
  return { status: answer.status, body: answer.body, headers };
}

/** What each kind of account's address gets. */
async function answersFor(send: (email: string) => Promise<Answer>) {
  const answers: Partial<Record<Kind, Answer>> = {};
  for (const kind of KINDS) {
    const email = await accountOf(kind);
    // Registration started a cooldown on resend: a fresh minute for every kind alike.
    clock.advance(61_000);
    answers[kind] = seen(await send(email));
  }
  return answers as Record<Kind, Answer>;
}

const WRONG_PASSWORD = `${PASSWORD}-not`;

/** Which endpoints take an e-mail, read from the contract itself: a new one must join this test. */
const COVERED = new Set([
  'accounts.register',
  'accounts.login',
  'accounts.verifyEmail',
  'accounts.resendVerificationCode',
  'accounts.forgotPassword',
]);

it('covers every public account endpoint whose body has an e-mail', () => {
  const takingEmail = Object.values(accounts as Record<string, EndpointDefinition>)
    .filter((endpoint) => endpoint.access === 'public')
    .filter((endpoint) => {
      const schema = bodySchemaOf(endpoint, { emailDomain: DOMAIN }) as { shape?: Record<string, unknown> } | undefined;
      return Boolean(schema?.shape && 'email' in schema.shape);
    })
    .map((endpoint) => endpoint.name);
  expect(new Set(takingEmail)).toEqual(COVERED);
});

describe.each([
  [
    'POST /auth/email/verify (a wrong code)',
    (email: string) => post(app, '/auth/email/verify', { email, code: '000000' }),
    crypto.verifyCode,
  ],
  ['POST /auth/email/resend', (email: string) => post(app, '/auth/email/resend', { email }), crypto.hashCode],
  ['POST /auth/forgot-password', (email: string) => post(app, '/auth/forgot-password', { email }), null],
  [
    'POST /auth/login (a wrong password)',
    (email: string) => post(app, '/auth/login', { email, password: WRONG_PASSWORD }),
    crypto.verifyPassword,
  ],
])('%s', (_name, send, slowWork) => {
  it('answers a missing, an unverified and a verified account alike', async () => {
    const answers = await answersFor(send);
    expect(answers.unverified).toEqual(answers.missing);
    expect(answers.verified).toEqual(answers.missing);
  });

  if (slowWork) {
    it('does the same slow work for each', async () => {
      for (const kind of KINDS) {
        const email = await accountOf(kind);
        clock.advance(61_000);
        jest.mocked(slowWork).mockClear();
        await send(email);
        expect({ kind, calls: jest.mocked(slowWork).mock.calls.length }).toEqual({ kind, calls: 1 });
      }
    });
  }
});

it('verify and resend answer with the texts a real account gets', async () => {
  const answers = await answersFor((email) => post(app, '/auth/email/verify', { email, code: '000000' }));
  expect(answers.missing).toMatchObject({ status: 400, body: { message: MESSAGES.verify.invalidCode } });
  const resent = await answersFor((email) => post(app, '/auth/email/resend', { email }));
  expect(resent.missing).toMatchObject({ status: 200, body: { message: MESSAGES.verify.resent } });
});

it('resend: the per-mailbox cooldown answers 429 for every kind alike', async () => {
  const answers = await answersFor(async (email) => {
    await post(app, '/auth/email/resend', { email });
    const again = await post(app, '/auth/email/resend', { email });
    return again;
  });
  expect(answers.missing.status).toBe(429);
  expect(answers.unverified).toEqual(answers.missing);
  expect(answers.verified).toEqual(answers.missing);
});

it('register: a taken mailbox gets the one neutral 409, verified or not, whichever spelling', async () => {
  const taken = async (email: string) => {
    const [local, domain] = email.split('@');
    const res = await post(app, '/auth/register', { name: 'Eve Probe', email: `${local}+x@${domain}`, password: PASSWORD });
    return { status: res.status, body: res.body };
  };
  const unverified = await taken(await accountOf('unverified'));
  const verified = await taken(await accountOf('verified'));
  expect(unverified).toEqual({ status: 409, body: expect.objectContaining({ message: MESSAGES.register.emailExists }) });
  expect(verified).toEqual(unverified);
  expect(JSON.stringify(verified.body)).not.toMatch(/@/);
});
