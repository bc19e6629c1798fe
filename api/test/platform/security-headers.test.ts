/** Security headers on every answer; the HTML pages keep working under their policy. */
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app.close());

test('a JSON answer: nosniff, no referrer, no framing, a policy that runs nothing; photos may be shown by the web apps', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  // Over plain HTTP: no HSTS (APP_URL is http here).
  expect(res.headers['strict-transport-security']).toBeUndefined();
});

test('HSTS when the product is served over TLS', async () => {
  const tls = await createTestApp({ env: { APP_URL: 'https://market.campus.edu.ng' } });
  try {
    expect((await tls.inject({ method: 'GET', url: '/api/v1/health' })).headers['strict-transport-security']).toMatch(/max-age=31536000/);
  } finally {
    await tls.close();
  }
});

test('the dev mailbox page may use its inline style sheet and nothing more', async () => {
  const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-security-policy']).toBe("default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'");
});

test('the docs UI carries its own policy and still loads', async () => {
  const page = await app.inject({ method: 'GET', url: '/api/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
  // Served over plain HTTP here: its own scripts must not be sent to https://.
  expect(page.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
  expect((await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' })).statusCode).toBe(200);
});

test("the request id is the server's own, not the client's", async () => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'forged-id' } });
  expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});
