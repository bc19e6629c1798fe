/** Browsers' Content-Security-Policy violation reports: both media types logged, limited per address and in size. */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { CSP_REPORT_BODY_LIMIT } from '../../src/platform/csp-reports';
import { createTestApp } from '../helpers';

let app: FastifyInstance;
let warn: jest.SpyInstance;
beforeAll(async () => {
  app = await createTestApp({ rateLimits: { cspReports: { perIp: { max: 3, windowMs: 60_000 } } } });
});
afterAll(async () => app.close());
beforeEach(() => {
  warn = jest.spyOn(app.log, 'warn');
});
afterEach(() => warn.mockRestore());

const report = (contentType: string, payload: string, ip = '203.0.113.1') =>
  app.inject({ method: 'POST', url: '/api/v1/csp-reports', headers: { 'content-type': contentType }, payload, remoteAddress: ip });

const logged = () => warn.mock.calls.filter(([, message]) => message === 'CSP violation').map(([fields]) => fields.cspViolation);

test("report-uri's application/csp-report is logged, its fields cut short", async () => {
  const res = await report(
    'application/csp-report',
    JSON.stringify({
      'csp-report': {
        'document-uri': 'http://localhost:3000/seller',
        'blocked-uri': 'inline',
        'effective-directive': 'script-src-elem',
        'violated-directive': 'script-src-elem',
        disposition: 'enforce',
        'line-number': 12,
        'script-sample': 'x'.repeat(2000),
      },
    }),
    '203.0.113.10',
  );
  expect(res.statusCode).toBe(204);
  expect(res.body).toBe('');
  expect(logged()).toEqual([
    {
      documentUrl: 'http://localhost:3000/seller',
      blockedUrl: 'inline',
      directive: 'script-src-elem',
      disposition: 'enforce',
      sourceFile: '',
      lineNumber: 12,
      sample: 'x'.repeat(500),
    },
  ]);
});

test("the Reporting API's application/reports+json: every csp-violation in the batch, nothing else", async () => {
  const body = [
    {
      type: 'csp-violation',
      url: 'http://localhost:3000/',
      body: { documentURL: 'http://localhost:3000/', blockedURL: 'eval', effectiveDirective: 'script-src' },
    },
    { type: 'deprecation', body: { id: 'x' } },
  ];
  const res = await report('application/reports+json', JSON.stringify(body), '203.0.113.11');
  expect(res.statusCode).toBe(204);
  expect(logged()).toEqual([
    expect.objectContaining({ documentUrl: 'http://localhost:3000/', blockedUrl: 'eval', directive: 'script-src' }),
  ]);
});

test('a body that is not a report, or not JSON, is refused and logs nothing', async () => {
  for (const [type, payload] of [
    ['application/csp-report', '{"hello":1}'],
    ['application/csp-report', 'not json'],
    ['application/reports+json', '{'],
  ] as const) {
    const res = await report(type, payload, '203.0.113.12');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.generic.invalidCspReport);
  }
  expect(logged()).toEqual([]);
});

test('a body over the size limit is refused', async () => {
  const payload = JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(CSP_REPORT_BODY_LIMIT) } });
  expect((await report('application/csp-report', payload, '203.0.113.13')).statusCode).toBe(413);
  expect(logged()).toEqual([]);
});

test('reports are limited per address', async () => {
  const one = JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost:3000/' } });
  const statuses = [];
  for (let i = 0; i < 4; i += 1) statuses.push((await report('application/csp-report', one, '203.0.113.14')).statusCode);
  expect(statuses).toEqual([204, 204, 204, 429]);
  // Another address is not held back.
  expect((await report('application/csp-report', one, '203.0.113.15')).statusCode).toBe(204);
});
