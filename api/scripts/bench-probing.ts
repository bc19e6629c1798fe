/**
 * `npm run bench:probing -w @campus/api`: how long each public endpoint that takes an e-mail
 * answers for a missing, an unverified and a verified account (the no-probing rule: docs/api.md,
 * Security). Prints median and 90th percentile per endpoint and kind; it asserts nothing (timings
 * on a shared machine are not a test: test/accounts/no-probing.test.ts checks the code paths).
 * A fresh embedded database in a temporary directory, production password cost, in-process requests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PASSWORD = 'bench-pass-1';
const roomy = { max: 1_000_000, windowMs: 60_000 };

async function post(app: FastifyInstance, url: string, payload: Record<string, unknown>): Promise<number> {
  const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
  return res.statusCode;
}

function lastCode(app: FastifyInstance, to: string): string {
  const text = app.mailer.mailbox?.list(to)[0]?.text ?? '';
  return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-probing-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dir, DATABASE_URL: '' });
  const limits = {
    login: { perIp: roomy, perEmail: roomy },
    register: { perIp: roomy, perEmail: roomy, challengeAfter: roomy.max },
    verify: { perIp: roomy, perEmail: roomy, challengeAfter: roomy.max },
    resend: { perIp: roomy, perEmail: roomy, challengeAfter: roomy.max },
    forgotPassword: { perIp: roomy, perEmail: roomy, challengeAfter: roomy.max },
    everyRoute: { perIp: roomy },
    resendCooldownMs: 0,
  };
  const app = await buildApp(config, { seedDemoData: false, rateLimits: limits });
  const domain = config.universityEmailDomain;
  try {
    const unverified = `waiting@${domain}`;
    const verified = `verified@${domain}`;
    for (const email of [unverified, verified]) await post(app, '/auth/register', { name: 'Bench Student', email, password: PASSWORD });
    await post(app, '/auth/email/verify', { email: verified, code: lastCode(app, verified) });
    const emails = { missing: `nobody@${domain}`, unverified, verified };
    const endpoints: Record<string, (email: string) => Promise<number>> = {
      'login (wrong password)': (email) => post(app, '/auth/login', { email, password: 'wrong-pass-1' }),
      'verify (wrong code)': (email) => post(app, '/auth/email/verify', { email, code: '000000' }),
      resend: (email) => post(app, '/auth/email/resend', { email }),
      'forgot-password': (email) => post(app, '/auth/forgot-password', { email }),
    };
    console.log(`${ROUNDS} rounds each, milliseconds (median / p90):`);
    for (const [name, send] of Object.entries(endpoints)) {
      const row: string[] = [];
      for (const [kind, email] of Object.entries(emails)) {
        const times: number[] = [];
        for (let i = 0; i < ROUNDS; i += 1) {
          const start = performance.now();
          await send(email);
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
        row.push(`${kind} ${at(0.5)} / ${at(0.9)}`);
      }
      console.log(`${name.padEnd(24)} ${row.join('   ')}`);
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
