/**
 * `npm run bench:checkout -w @campus/api`: paid
 * checkouts per second through the whole path (add to cart → POST
 * /payments/initiate → the student pays on the Paystack sandbox → signed
 * webhook → orders created), at concurrency 1 and 8, beside GET
 * /api/v1/health in the same run. A fresh embedded database (or
 * DATABASE_URL's), the API and the sandbox on loopback ports; each worker is
 * its own student. Bounded: a fixed number of checkouts per level and a time cap.
 *
 * BENCH_INSTANCES=N (with DATABASE_URL): N API instances, each a process of its own
 * (`src/server.ts`) on the one PostgreSQL, the requests spread over them in turn as a
 * balancer would, and the sandbox's webhooks too; each checkout is a student of its own
 * (the per-buyer checkout limit stays on; the per-address ones are scaled out of the way).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
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
/** 0: the API in this process (the embedded database's figure); N: N instance processes. */
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 0);

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

/** An API instance as deployed: `src/server.ts` in a process of its own. */
async function startInstance(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'src', 'server.ts')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API instance on ${port} exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`the API instance on ${port} did not answer in time`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The sandbox's webhooks spread over the instances in turn, as the balancer in front of them would. */
function webhookBalancer(port: number, ports: number[]): Promise<Server> {
  let turn = 0;
  const server = createServer((req, res) => {
    const target = ports[turn++ % ports.length];
    const forward = httpRequest({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function main(): Promise<void> {
  if (INSTANCES > 0 && !process.env.DATABASE_URL) {
    throw new Error('BENCH_INSTANCES needs DATABASE_URL: the instances share one PostgreSQL (node scripts/with-postgres.mjs makes one)');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-checkout-'));
  const apiPort = await freePort();
  const instancePorts = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const sandbox = buildPaystackSandbox({
    secretKey: BENCH_SECRET_KEY,
    publicUrl: 'http://sandbox.invalid',
    // With instances, apiPort is the webhooks' balancer.
    webhookUrl: `http://127.0.0.1:${apiPort}/api/v1/payments/webhook`,
    stateFile: null,
    settleDelayMs: 50,
    logLevel: 'silent',
  });
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  const sandboxPort = (sandbox.app.server.address() as { port: number }).port;
  const apiEnv = {
    ...process.env,
    NODE_ENV: 'test' as const,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PAYSTACK_SECRET_KEY: BENCH_SECRET_KEY,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
  };
  const config = loadConfig(apiEnv);
  // One client address sends every request: the per-address flood guard and checkout limit would measure themselves.
  const unlimited = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
  const app = await buildApp(config, {
    seedDemoData: false,
    rateLimits: { everyRoute: { perIp: unlimited }, checkout: { perIp: unlimited, perUser: unlimited } },
  });
  // With instances, this process's app only prepares the data and watches the payments; the instances serve.
  const instances: ChildProcess[] = [];
  let balancer: Server | null = null;
  if (INSTANCES === 0) await app.listen({ port: apiPort, host: '127.0.0.1' });
  const bases = INSTANCES === 0 ? [`http://127.0.0.1:${apiPort}`] : instancePorts.map((port) => `http://127.0.0.1:${port}`);
  let turn = 0;
  const nextBase = () => bases[turn++ % bases.length] ?? '';
  const sql = sqlClientOf(app);
  try {
    if (INSTANCES > 0) {
      // The per-address limits, scaled out of the way: one address sends every request.
      for (const port of instancePorts) instances.push(await startInstance(port, { ...apiEnv, RATE_LIMIT_SCALE: '1000' }));
      balancer = await webhookBalancer(apiPort, instancePorts);
    }
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
    // In this process the limits are off and a worker is one student; instances keep the per-buyer
    // checkout limit (20 a day), so each checkout there is a student of its own.
    const students = INSTANCES === 0 ? workers : Math.min(20, CHECKOUTS) + CHECKOUTS * CONCURRENCY_LEVELS.length;
    const tokens: string[] = [];
    let nextStudent = 0;
    const tokenFor = (worker: number) => (INSTANCES === 0 ? tokens[worker] : tokens[nextStudent++]) ?? '';
    for (let i = 0; i < students; i += 1) {
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
      const res = await fetch(`${nextBase()}/api/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await res.json()) as { data?: Record<string, unknown>; message?: string };
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${answer.message ?? ''}`);
      return answer.data ?? {};
    };
    const paidCheckout = async (worker: number) => {
      const token = tokenFor(worker);
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
      const res = await fetch(`${nextBase()}/api/v1/health`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`health ${res.status}`);
    };

    await run(Math.min(20, CHECKOUTS), 1, paidCheckout); // warm-up
    const db = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
    const where = INSTANCES === 0 ? 'the API in this process' : `${INSTANCES} API instance process${INSTANCES > 1 ? 'es' : ''}`;
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const lines = [
      `Paid checkouts (cart → initiate → sandbox pays → webhook → orders) on ${db}, ${where}, ${os.cpus().length} CPUs, load average at the start ${load}:`,
    ];
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
    lines.push(
      `  load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await Promise.all(
      instances.map(
        (child) =>
          new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM')))),
      ),
    );
    balancer?.close();
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
