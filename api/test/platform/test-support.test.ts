/**
 * The test-support interface (platform/test-support.ts): on only with TEST_SUPPORT_SECRET, never
 * under NODE_ENV=production, and only with its secret; it reads the e-mails the API sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PASSWORD, createTestApp, onPostgres, post } from '../helpers';

const SECRET = 'qa-secret-of-the-staging-environment';
const HEADER = 'x-test-support-secret';

async function register(app: FastifyInstance): Promise<string> {
  const email = `ts-${Date.now()}-${Math.floor(Math.random() * 1e6)}@campus.edu.ng`;
  expect((await post(app, '/auth/register', { name: 'Tolu Ade', email, password: PASSWORD })).status).toBe(201);
  return email;
}

describe('the test-support interface, switched on', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Real SMTP-less mail, but not through the development mailbox: the interface keeps its own record.
    app = await createTestApp({ env: { TEST_SUPPORT_SECRET: SECRET } });
  });
  afterAll(async () => app.close());

  it('gives the latest verification code sent to an address, and the e-mails, with the secret', async () => {
    const email = await register(app);
    const code = await app.inject({
      method: 'GET',
      url: '/test-support/verification-code',
      query: { to: email },
      headers: { [HEADER]: SECRET },
    });
    expect(code.statusCode).toBe(200);
    const sentCode = /\b(\d{6})\b/.exec(app.mailer.mailbox!.list(email)[0]!.text)![1];
    expect(code.json()).toEqual({ data: { code: sentCode, sentAt: expect.any(String) } });

    // The code works: the address is verified with it.
    expect((await post(app, '/auth/email/verify', { email, code: sentCode })).status).toBe(200);

    // The welcome e-mail is sent after the answer, without waiting on the mail server (sendMail): read the
    // list until it is in (a busy machine took longer than the verify call's return), for at most 5 s.
    const subjects = async () => {
      const emails = await app.inject({ method: 'GET', url: '/test-support/emails', query: { to: email }, headers: { [HEADER]: SECRET } });
      expect(emails.statusCode).toBe(200);
      return (emails.json() as { data: Array<{ subject: string }> }).data.map((m) => m.subject);
    };
    let listed = await subjects();
    for (let waited = 0; listed.length < 2 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = await subjects();
    }
    expect(listed).toEqual([expect.stringMatching(/^Welcome/), expect.stringMatching(/verification code/)]);
  });

  it('answers 404 for an address nothing was sent to', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/test-support/verification-code',
      query: { to: 'nobody@campus.edu.ng' },
      headers: { [HEADER]: SECRET },
    });
    expect(res.statusCode).toBe(404);
  });

  it('tells the timings a journey depends on', async () => {
    const res = await app.inject({ method: 'GET', url: '/test-support/settings', headers: { [HEADER]: SECRET } });
    expect(res.json()).toEqual({ data: { nodeEnv: 'test', buyerWaitSeconds: 14 * 24 * 3600, payoutIntervalHours: 0, rateLimitScale: 1 } });
  });

  it('answers 401 without the secret or with a wrong one, and says nothing of the e-mails', async () => {
    const email = await register(app);
    for (const headers of [{}, { [HEADER]: 'wrong' }, { [HEADER]: `${SECRET}x` }, { [HEADER]: '' }]) {
      for (const url of ['/test-support/verification-code', '/test-support/emails', '/test-support/settings']) {
        const res = await app.inject({ method: 'GET', url, query: { to: email }, headers });
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toMatch(/\d{6}/);
      }
    }
  });
});

/**
 * The code and the subjects the interface answers for the address once `count` e-mails to it are
 * recorded (they are sent after the request that sends them answers, so an instance may be asked first).
 */
async function readThrough(app: FastifyInstance, email: string, count: number): Promise<{ code: string; subjects: string[] }> {
  for (let tries = 0; ; tries += 1) {
    const emails = await app.inject({ method: 'GET', url: '/test-support/emails', query: { to: email }, headers: { [HEADER]: SECRET } });
    if ((emails.json() as { data: unknown[] }).data.length >= count || tries >= 50) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const code = await app.inject({
    method: 'GET',
    url: '/test-support/verification-code',
    query: { to: email },
    headers: { [HEADER]: SECRET },
  });
  expect(code.statusCode).toBe(200);
  const emails = await app.inject({ method: 'GET', url: '/test-support/emails', query: { to: email }, headers: { [HEADER]: SECRET } });
  expect(emails.statusCode).toBe(200);
  return {
    code: (code.json() as { data: { code: string } }).data.code,
    subjects: (emails.json() as { data: Array<{ subject: string }> }).data.map((m) => m.subject),
  };
}

describe('the record of sent e-mail is in the database', () => {
  (onPostgres ? test : test.skip)('two instances on one PostgreSQL: either answers with what the other sent', async () => {
    const [a, b] = await Promise.all([
      createTestApp({ env: { TEST_SUPPORT_SECRET: SECRET } }),
      createTestApp({ env: { TEST_SUPPORT_SECRET: SECRET } }),
    ]);
    try {
      const email = await register(a);
      const sentCode = /\b(\d{6})\b/.exec(a.mailer.mailbox!.list(email)[0]!.text)![1];
      // Asked through B, in another spelling of the address's case.
      const throughB = await readThrough(b, email.toUpperCase(), 1);
      expect(throughB).toEqual({ code: sentCode, subjects: [expect.stringMatching(/verification code/)] });
      // Verified through B: its welcome is read through A.
      expect((await post(b, '/auth/email/verify', { email, code: sentCode })).status).toBe(200);
      expect((await readThrough(a, email, 2)).subjects).toEqual([
        expect.stringMatching(/^Welcome/),
        expect.stringMatching(/verification code/),
      ]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  (onPostgres ? test.skip : test)('a restart keeps it (PGlite on disk)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'campus-test-support-'));
    try {
      const first = await createTestApp({ pgliteDir: dir, env: { TEST_SUPPORT_SECRET: SECRET } });
      let email: string;
      let before: { code: string; subjects: string[] };
      try {
        email = await register(first);
        before = await readThrough(first, email, 1);
      } finally {
        await first.close();
      }
      const second = await createTestApp({ pgliteDir: dir, env: { TEST_SUPPORT_SECRET: SECRET } });
      try {
        expect(await readThrough(second, email, 1)).toEqual(before);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the test-support interface, elsewhere', () => {
  it('is not there under NODE_ENV=production, even with the secret: 404', async () => {
    const app = await createTestApp({
      env: { NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_abc123', TEST_SUPPORT_SECRET: SECRET },
    });
    try {
      const email = await register(app);
      for (const url of ['/test-support/verification-code', '/test-support/emails', '/test-support/settings']) {
        const res = await app.inject({ method: 'GET', url, query: { to: email }, headers: { [HEADER]: SECRET } });
        expect(res.statusCode).toBe(404);
      }
      expect(app.mailer.sent).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('is not there without TEST_SUPPORT_SECRET: 404', async () => {
    const app = await createTestApp();
    try {
      const res = await app.inject({ method: 'GET', url: '/test-support/settings', headers: { [HEADER]: SECRET } });
      expect(res.statusCode).toBe(404);
      expect(app.mailer.sent).toBeNull();
    } finally {
      await app.close();
    }
  });
});
