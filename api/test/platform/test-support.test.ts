/**
 * The test-support interface (platform/test-support.ts): on only with TEST_SUPPORT_SECRET, never
 * under NODE_ENV=production, and only with its secret; it reads the e-mails the API sent.
 */
import type { FastifyInstance } from 'fastify';
import { PASSWORD, createTestApp, post } from '../helpers';

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

    const emails = await app.inject({ method: 'GET', url: '/test-support/emails', query: { to: email }, headers: { [HEADER]: SECRET } });
    expect(emails.statusCode).toBe(200);
    expect((emails.json() as { data: Array<{ subject: string }> }).data.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Welcome/),
      expect.stringMatching(/verification code/),
    ]);
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
