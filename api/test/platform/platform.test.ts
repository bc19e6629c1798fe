/** Health, OpenAPI, the error shape, the dev mailbox, configuration. */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { ConfigError, loadConfig } from '../../src/config';
import { PASSWORD, createTestApp, onPostgres, post, signedIn } from '../helpers';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ env: { UNIVERSITY_EMAIL_DOMAIN: 'unilag.edu.ng', UNIVERSITY_NAME: 'University of Lagos' } });
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/v1/health', () => {
  it('reports the database reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { status: 'ok', database: { reachable: true, driver: onPostgres ? 'postgres' : 'pglite' } },
    });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });
});

describe('CORS', () => {
  it('lets the shell origin send PUT, PATCH and DELETE (profile, cart and wishlist calls)', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/users/profile',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': method },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(String(res.headers['access-control-allow-methods'])).toContain(method);
    }
  });
});

describe('configured university', () => {
  it('checks the configured domain with the spec message and names the university in e-mails', async () => {
    const refused = await post(app, '/auth/register', { name: 'Ada Obi', email: 'ada@campus.edu.ng', password: PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please use a valid university email address (for example student@unilag.edu.ng)');
    const email = `ada-${Date.now()}@unilag.edu.ng`;
    expect((await post(app, '/auth/register', { name: 'Ada Obi', email, password: PASSWORD })).status).toBe(201);
    const mail = app.mailer.mailbox!.list(email)[0]!;
    expect(mail.text).toContain('University of Lagos');
  });
});

describe('errors', () => {
  it('answers unknown routes with the one error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET /api/v1/nope not found' });
  });

  it('answers malformed JSON with 400 in the same shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['error', 'message', 'statusCode']);
  });

  it('never reveals internals in a 5xx answer', async () => {
    const broken = await createTestApp({ env: { UNIVERSITY_EMAIL_DOMAIN: 'unilag.edu.ng' } });
    const { token } = await signedIn(broken, `bo-${Date.now()}@unilag.edu.ng`);
    await broken.database.close(); // the database disappears under the running app
    const res = await broken.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: MESSAGES.generic.internal });
    const health = await broken.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().message).toBe(MESSAGES.generic.databaseUnreachable);
    await broken.close();
  });
});

describe('OpenAPI', () => {
  const routes: Array<[string, string, boolean]> = [
    ['get', '/api/v1/health', false],
    ['post', '/api/v1/auth/register', true],
    ['post', '/api/v1/auth/email/verify', true],
    ['post', '/api/v1/auth/email/resend', true],
    ['post', '/api/v1/auth/login', true],
    ['get', '/api/v1/auth/me', false],
    ['post', '/api/v1/auth/logout', false],
    ['post', '/api/v1/auth/forgot-password', true],
    ['post', '/api/v1/auth/reset-password', true],
    ['put', '/api/v1/users/profile', true],
    ['post', '/api/v1/users/change-password', true],
  ];

  it('lists every route with its request and response schemas at /api/openapi.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    type Op = {
      requestBody?: { content: Record<string, { schema: unknown }> };
      responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
    };
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Op>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [method, path, hasBody] of routes) {
      const op = doc.paths[path]?.[method];
      expect({ path, method, found: Boolean(op) }).toEqual({ path, method, found: true });
      if (hasBody) expect(op!.requestBody?.content['application/json']?.schema).toBeDefined();
      const success = op!.responses['200'] ?? op!.responses['201'];
      expect(success?.content?.['application/json']?.schema).toBeDefined();
    }
    // Every /api/v1 operation, whoever added it, documents a success answer.
    for (const [path, ops] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/v1'))) {
      for (const [method, op] of Object.entries(ops)) {
        const codes = Object.keys(op.responses ?? {});
        expect({ path, method, documented: codes.some((c) => c.startsWith('2')) }).toEqual({ path, method, documented: true });
      }
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/dev'))).toBe(false);
  });

  it('serves the docs UI at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBeLessThan(400);
  });
});

describe('development mailbox', () => {
  it('serves messages newest first as JSON and as an HTML page', async () => {
    const email = `mb-${Date.now()}@unilag.edu.ng`;
    await post(app, '/auth/register', { name: 'Ada Obi', email, password: PASSWORD });
    await post(app, '/auth/forgot-password', { email });
    const res = await app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${encodeURIComponent(email)}` });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ to: string; subject: string; text: string; html: string; createdAt: string }>;
    expect(list).toHaveLength(2);
    expect(list[0]!.subject).toMatch(/Reset/);
    expect(list[1]!.subject).toMatch(/verification code/);
    expect(Object.keys(list[0]!).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(email);
  });

  it('answers only clients on this machine: every code and reset link is in it', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages']) {
      expect((await app.inject({ method: 'GET', url, remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
    }
  });

  it('does not exist in production', async () => {
    // A production API needs a Paystack key: the sandbox never runs there.
    const prod = await createTestApp({ env: { NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_abc123' } });
    try {
      expect((await prod.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/dev/mailbox/messages?to=a@campus.edu.ng' })).statusCode).toBe(404);
      // Nor does the browsable API documentation, unless API_DOCS=true asks for it.
      expect((await prod.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('configuration', () => {
  // What `npm start` and `npm run dev` ask for; without it the API is in production (safe defaults).
  const DEV = { NODE_ENV: 'development' };

  it('has defaults for everything', () => {
    const c = loadConfig(DEV);
    expect(c).toMatchObject({
      port: 4000,
      appUrl: 'http://localhost:3000',
      universityName: 'Campus University',
      universityEmailDomain: 'campus.edu.ng',
      smtpUrl: null,
      nodeEnv: 'development',
    });
    expect(c.database).toEqual({ kind: 'pglite', dir: expect.stringMatching(/\.data\/pglite$/) });
    expect(c.corsOrigins).toContain('http://localhost:3000');
    expect(c.corsOrigins).toContain('http://localhost:3004');
  });

  it('accepts API_PORT, DATABASE_URL and a CORS list', () => {
    const c = loadConfig({ ...DEV, API_PORT: '5000', DATABASE_URL: 'postgres://u@h/db', CORS_ORIGINS: 'https://a.edu, https://b.edu' });
    expect(c.port).toBe(5000);
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(c.corsOrigins).toEqual(['https://a.edu', 'https://b.edu']);
  });

  it('API_PUBLIC_URL: where browsers reach the API, defaulting to localhost and the port', () => {
    expect(loadConfig({ ...DEV, PORT: '4100' }).apiPublicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ ...DEV, API_PUBLIC_URL: 'https://api.market.campus.edu.ng/' }).apiPublicUrl).toBe(
      'https://api.market.campus.edu.ng',
    );
  });

  it('API docs: on in development, off in production unless API_DOCS=true', () => {
    expect(loadConfig(DEV).apiDocs).toBe(true);
    const PROD = { NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_abc123' };
    expect(loadConfig(PROD).apiDocs).toBe(false);
    expect(loadConfig({ ...PROD, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('an API started without NODE_ENV is in production: no sandbox payments, so it does not start by accident', () => {
    expect(() => loadConfig({})).toThrow(/PAYSTACK_SECRET_KEY: required in production/);
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_live_abc123' }).nodeEnv).toBe('production');
  });

  it('reads TRUST_PROXY (off by default) and refuses true, which would trust a forged X-Forwarded-For', () => {
    expect(loadConfig(DEV).trustProxy).toBe(false);
    expect(loadConfig({ ...DEV, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ ...DEV, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust a forged X-Forwarded-For: give the number of proxy hops/,
    );
    expect(loadConfig({ ...DEV, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...DEV, TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
    ]);
    expect(() => loadConfig({ ...DEV, TRUST_PROXY: 'the proxy' })).toThrow(/TRUST_PROXY/);
  });

  it('payments: the sandbox without a key, Paystack with one, and never the sandbox in production', () => {
    expect(loadConfig(DEV).payments.paystack).toMatchObject({ kind: 'sandbox', port: 4010, publicUrl: 'http://localhost:4010' });
    expect(loadConfig({ ...DEV, PAYSTACK_SECRET_KEY: 'sk_test_abc123' }).payments.paystack).toEqual({
      kind: 'paystack',
      baseUrl: 'https://api.paystack.co',
      secretKey: 'sk_test_abc123',
    });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYSTACK_SECRET_KEY: required in production/);
    expect(() => loadConfig({ ...DEV, PAYSTACK_SECRET_KEY: 'pk_test_public' })).toThrow(/PAYSTACK_SECRET_KEY/);
    expect(() => loadConfig({ ...DEV, PLATFORM_FEE_PERCENT: '100' })).toThrow(/PLATFORM_FEE_PERCENT/);
    expect(loadConfig({ ...DEV, PLATFORM_FEE_PERCENT: '2.5' }).payments.platformFeePercent).toBe(2.5);
  });

  it('refuses to start in production without PAYSTACK_SECRET_KEY, even when PAYSTACK_SANDBOX=true asks for the sandbox', () => {
    // The sandbox's checkout page pays without a card: in production it would fulfil orders nobody paid for.
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', PAYSTACK_SANDBOX: 'true' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /PAYSTACK_SECRET_KEY: required in production \(the built-in Paystack sandbox runs only in development and tests\)/,
    );
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x', APP_URL: 'nope', SMTP_URL: 'http://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'NODE_ENV', 'DATABASE_URL', 'APP_URL', 'SMTP_URL']) expect(problems).toContain(name);
    expect((error as ConfigError).message).toContain('.env.example');
  });
});
