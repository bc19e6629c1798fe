/**
 * `npm run bench:checkout -w @campus/api`: paid
 * checkouts per second through the whole path (add to cart → POST
 * /payments/initiate → the student pays on the Paystack sandbox → signed
 * webhook → orders created), at concurrency 1 and 8, beside GET
 * /api/v1/health in the same run. A fresh embedded database (or
 * DATABASE_URL's), the API and the sandbox on loopback ports; each worker is
 * its own student. Bounded: a fixed number of checkouts per level and a time cap.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertUser, markEmailVerified } from '../src/accounts/repository';
import { createSession } from '../src/accounts/service';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { products, sellers } from '../src/db/schema';
import { freePort } from '../src/lib/free-port';
import { buildPaystackSandbox } from '../src/money/payments/sandbox/server';
import { sqlClientOf } from '../src/search';
import { makeSlug } from '../src/products/repository';

/** The key the benchmark's sandbox and API share (a test key). */
const BENCH_SECRET_KEY = 'sk_test_campus_marketplace_bench';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 200);
const HEALTH_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const CONCURRENCY_LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,8')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const TIME_CAP_MS = 60_000;

interface Result {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  perSecond: number;
}

function summarise(durations: number[], errors: number, elapsedMs: number): Result {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, errors, p50: at(0.5), p95: at(0.95), perSecond: (sorted.length / elapsedMs) * 1000 };
}

/** Runs `one(worker, i)` `total` times over `concurrency` workers, timing each. */
async function run(total: number, concurrency: number, one: (worker: number) => Promise<void>): Promise<Result> {
  const durations: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + TIME_CAP_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < total && performance.now() < deadline) {
        next += 1;
        const t0 = performance.now();
        try {
          await one(worker);
          durations.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          if (errors <= 3) process.stderr.write(`  error: ${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
    }),
  );
  return summarise(durations, errors, performance.now() - started);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-checkout-'));
  const apiPort = await freePort();
  const sandbox = buildPaystackSandbox({
    secretKey: BENCH_SECRET_KEY,
    publicUrl: 'http://sandbox.invalid',
    webhookUrl: `http://127.0.0.1:${apiPort}/api/v1/payments/webhook`,
    stateFile: null,
    settleDelayMs: 50,
    logLevel: 'silent',
  });
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  const sandboxPort = (sandbox.app.server.address() as { port: number }).port;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PAYSTACK_SECRET_KEY: BENCH_SECRET_KEY,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
  });
  // One client address sends every request: the per-address flood guard and checkout limit would measure themselves.
  const unlimited = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
  const app = await buildApp(config, {
    seedDemoData: false,
    rateLimits: { everyRoute: { perIp: unlimited }, checkout: { perIp: unlimited, perUser: unlimited } },
  });
  await app.listen({ port: apiPort, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${apiPort}`;
  const sql = sqlClientOf(app);
  try {
    const now = app.clock.now();
    // One store with plenty of stock; each worker a verified student with a session.
    const owner = await insertUser(app.db, {
      email: `bench-seller-${randomUUID().slice(0, 6)}@campus.edu.ng`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Seller',
      now,
    });
    const sellerId = randomUUID();
    await app.db.insert(sellers).values({
      id: sellerId,
      userId: owner.id,
      catalogueName: 'Bench store',
      bankName: 'Access Bank',
      accountNumber: '0123456789',
      accountName: 'Bench Seller',
      phoneNumber: '08030000000',
      location: 'Campus',
      createdAt: now,
      updatedAt: now,
    });
    const productId = randomUUID();
    await app.db.insert(products).values({
      id: productId,
      slug: makeSlug('Bench kettle'),
      sellerId,
      categoryId: 'electronics',
      name: 'Bench kettle',
      description: 'For measuring',
      priceKobo: 450_000,
      stockQuantity: 1_000_000,
      photos: [],
      createdAt: now,
      updatedAt: now,
    });
    const workers = Math.max(...CONCURRENCY_LEVELS);
    const tokens: string[] = [];
    for (let i = 0; i < workers; i += 1) {
      const user = await insertUser(app.db, {
        email: `bench-buyer-${i}-${randomUUID().slice(0, 6)}@campus.edu.ng`,
        passwordHash: 'x',
        firstName: 'Bench',
        lastName: 'Buyer',
        now,
      });
      await markEmailVerified(app.db, user, now);
      const { token } = await createSession(app, user.id);
      tokens.push(token);
    }
    const json = async (method: string, url: string, token: string, body?: unknown) => {
      const res = await fetch(`${base}/api/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await res.json()) as { data?: Record<string, unknown>; message?: string };
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${answer.message ?? ''}`);
      return answer.data ?? {};
    };
    const paidCheckout = async (worker: number) => {
      const token = tokens[worker] ?? '';
      const cart = await json('POST', '/cart/add', token, { items: [{ productId, quantity: 1 }] });
      const started = await json('POST', '/payments/initiate', token, {
        email: 'bench@campus.edu.ng',
        amount: '450000',
        metadata: { cartId: cart.cartId },
        hostelName: 'Bench Hall',
        blockNumber: 'A',
        roomNo: '1',
      });
      sandbox.act(String(started.access_code), 'pay');
      // Done when the webhook has created the order (no verify call: that would be a second path).
      for (;;) {
        const { rows } = await sql.query<{ done: boolean }>('SELECT fulfilled_at IS NOT NULL AS done FROM payments WHERE reference = $1', [
          String(started.reference),
        ]);
        if (rows[0]?.done) return;
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    const health = async () => {
      const res = await fetch(`${base}/api/v1/health`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`health ${res.status}`);
    };

    await run(Math.min(20, CHECKOUTS), 1, paidCheckout); // warm-up
    const db = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
    const lines = [`Paid checkouts (cart → initiate → sandbox pays → webhook → orders) on ${db}, ${os.cpus().length} CPUs:`];
    for (const concurrency of CONCURRENCY_LEVELS) {
      const checkout = await run(CHECKOUTS, concurrency, paidCheckout);
      const probe = await run(HEALTH_REQUESTS, concurrency, health);
      lines.push(
        `  concurrency ${concurrency}: ${checkout.perSecond.toFixed(1)} paid checkouts/s (p50 ${checkout.p50.toFixed(1)} ms, p95 ${checkout.p95.toFixed(1)} ms, ${checkout.count} done, ${checkout.errors} errors)` +
          ` | GET /health ${probe.perSecond.toFixed(0)} req/s (p50 ${probe.p50.toFixed(2)} ms) | health/checkout ${(probe.perSecond / Math.max(checkout.perSecond, 0.001)).toFixed(0)}×`,
      );
    }
    const { rows } = await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM orders');
    lines.push(`  orders created: ${rows[0]?.n ?? 0}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await app.close();
    sandbox.webhooks.close();
    await sandbox.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:checkout failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
