/** Test helpers: an app on PGlite (in memory) or on DATABASE_URL's PostgreSQL, and account shortcuts. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../src/plugins/rate-limits';
import { badRequest } from '../src/http/errors';
import type { BankAccounts } from '../src/sellers/bank-accounts';
import { MESSAGES } from '@campus/shared/messages';
import { PGLITE_TEMPLATE_ENV } from './setup/database-template';

export const onPostgres = Boolean(process.env.DATABASE_URL);
export const DOMAIN = 'campus.edu.ng';
export const PASSWORD = 'secret-pass-1';

const roomy = { max: 100_000, windowMs: 60_000 };
/** Limits high enough that only the rate-limit tests meet them. */
export const ROOMY_LIMITS: RateLimits = {
  login: { perIp: roomy, perEmail: roomy },
  register: { perIp: roomy, perEmail: roomy, challengeAfter: roomy.max },
  verify: { perIp: roomy, perEmail: roomy, challengeAfter: roomy.max },
  resend: { perIp: roomy, perEmail: roomy, challengeAfter: roomy.max },
  forgotPassword: { perIp: roomy, perEmail: roomy, challengeAfter: roomy.max },
  proofOfWork: DEFAULT_RATE_LIMITS.proofOfWork,
  resetPassword: { perIp: roomy },
  changePassword: { perUser: roomy },
  checkout: { perIp: roomy, perUser: roomy },
  cancelOrder: { perIp: roomy, perUser: roomy },
  accountCheck: { perUser: roomy },
  resendCooldownMs: DEFAULT_RATE_LIMITS.resendCooldownMs,
  search: { perIp: roomy },
  messages: { perUser: roomy },
  conversations: { perUser: roomy },
  uploads: { perIp: roomy, perUser: roomy },
  cspReports: { perIp: roomy },
  everyRoute: { perIp: roomy },
};

/**
 * Sessions that last as long as they did before renewal (30 days), so a test whose fake clock runs
 * for days keeps its tokens; the session tests use the real lifetimes (SESSION_LIFETIMES).
 */
const THIRTY_DAYS = 30 * 24 * 60 * 60_000;
export const LONG_SESSIONS = { accessMs: THIRTY_DAYS, idleMs: THIRTY_DAYS, maxAgeMs: THIRTY_DAYS };

export function testConfig(env: Record<string, string> = {}, pgliteDir: string | null = null): AppConfig {
  // Payouts go at every reconciliation from Paystack's ₦100 minimum, so a test sees a completed order's payout
  // at once; the batching itself is tested with the production defaults (payout-batching.test.ts).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    PAYOUT_INTERVAL_HOURS: '0',
    PAYOUT_MINIMUM_NAIRA: '100',
    ...env,
  });
  // In memory, a copy of the migrated template when the run made one (test/setup/database-template.ts).
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (config.database.kind === 'pglite')
    config.database = { kind: 'pglite', dir: pgliteDir, ...(template && !pgliteDir ? { template } : {}) };
  return config;
}

/**
 * Payout accounts in tests without a Paystack (sandbox) beside the app: the
 * sandbox's rule (a number starting with 000 does not resolve) without the
 * network. The payments bench runs a real sandbox and checks accounts with it.
 */
export const offlineBankAccounts: BankAccounts = {
  resolve: async (bankName, accountNumber) => {
    if (accountNumber.startsWith('000')) throw badRequest(MESSAGES.seller.accountNotFound(accountNumber, bankName));
    return { accountName: `TEST ACCOUNT ${accountNumber.slice(-4)}`, bankCode: 'TEST' };
  },
};

export function createTestApp(
  options: BuildOptions & { env?: Record<string, string>; pgliteDir?: string | null } = {},
): Promise<FastifyInstance> {
  const { env, pgliteDir, ...build } = options;
  return buildApp(testConfig(env, pgliteDir ?? null), {
    seedDemoData: false,
    ...(env?.PAYSTACK_BASE_URL ? {} : { bankAccounts: offlineBankAccounts }),
    sessionLifetimes: LONG_SESSIONS,
    ...build,
    rateLimits: { ...ROOMY_LIMITS, ...build.rateLimits },
  });
}

export function uniqueEmail(prefix = 'student', domain = DOMAIN): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@${domain}`;
}

type Json = Record<string, unknown>;

export async function post(app: FastifyInstance, url: string, payload: Json, token?: string, ip?: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json & { data?: unknown; message?: string }, headers: res.headers };
}

export async function get(app: FastifyInstance, url: string, token?: string) {
  const res = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json() as Json & { data?: unknown; message?: string } };
}

export async function put(app: FastifyInstance, url: string, payload: Json, token?: string) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/v1${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: res.json() as Json & { data?: unknown; message?: string } };
}

/** Newest dev-mailbox message for an address. */
export function lastMail(app: FastifyInstance, to: string) {
  const mail = app.mailer.mailbox?.list(to)[0];
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

export function lastCode(app: FastifyInstance, to: string): string {
  const code = /\b(\d{6})\b/.exec(lastMail(app, to).text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${to}`);
  return code;
}

export function lastResetToken(app: FastifyInstance, to: string): string {
  const token = /reset-password\?token=([^\s]+)/.exec(lastMail(app, to).text)?.[1];
  if (!token) throw new Error(`no reset link in the mail to ${to}`);
  return decodeURIComponent(token);
}

export async function register(app: FastifyInstance, email = uniqueEmail(), name = 'Ada Obi') {
  const res = await post(app, '/auth/register', { name, email, password: PASSWORD });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return email;
}

/** A verified account and a session token. */
export async function signedIn(app: FastifyInstance, email = uniqueEmail()) {
  await register(app, email);
  const verified = await post(app, '/auth/email/verify', { email, code: lastCode(app, email) });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { email, token: await login(app, email) };
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await post(app, '/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as { token: string }).token;
}
