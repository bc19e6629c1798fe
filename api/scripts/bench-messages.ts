/**
 * `npm run bench:messages -w @campus/api`: live message delivery under load.
 * 1,000 students (BENCH_STREAMS) each hold their event stream open on one API
 * instance; a store owner sends them messages at 100 per second
 * (BENCH_RATE) through POST /messages/conversations/:id/messages, a fixed
 * count (BENCH_MESSAGES). Printed: messages per second sent, the latency from
 * the send to the `message` event at the recipient's stream (p50/p95/max),
 * memory per open stream (the API process's RSS and heap before and after
 * the streams opened, divided by their number), GET /health's answer under
 * the load, and the machine's load and cores.
 *
 * The streams are read by a child process (this script with `--clients`), so
 * the API's process holds only the server side of each stream. Students,
 * sessions and conversations are written straight into the database (no
 * 1,000 sign-ups through password hashing).
 *
 * The database: PGlite in memory, or DATABASE_URL's PostgreSQL. With
 * DATABASE_URL a second instance on the same database then holds the
 * streams while the messages go through the first (LISTEN/NOTIFY between
 * them). Without it there is no second instance to measure (an embedded
 * database belongs to one process) and the script says so.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { conversations, sellers, sessions, users } from '../src/db/schema';
import { generateToken, hashToken } from '../src/lib/crypto';
import { freePort } from '../src/lib/free-port';
import type { BankAccounts } from '../src/sellers';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const MESSAGES_SENT = Number(process.env.BENCH_MESSAGES ?? 1_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);

const now = () => performance.timeOrigin + performance.now();

// ---- the child: opens the streams and reports each message's arrival ----------------------------

type ToClient = { kind: 'open'; base: string; tokens: string[] } | { kind: 'close' };
type FromClient = { kind: 'opened'; failed: number } | { kind: 'received'; n: number; at: number } | { kind: 'closed' };

function runClients(): void {
  let open: http.ClientRequest[] = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const reply = (m: FromClient) => process.send?.(m);
  process.on('message', (raw: ToClient) => {
    if (raw.kind === 'close') {
      for (const r of open) r.destroy();
      open = [];
      reply({ kind: 'closed' });
      return;
    }
    let pending = raw.tokens.length;
    let failed = 0;
    const done = () => {
      pending -= 1;
      if (pending === 0) reply({ kind: 'opened', failed });
    };
    for (const token of raw.tokens) {
      const request = http.get(
        `${raw.base}/api/v1/events/stream`,
        { agent, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } },
        (res) => {
          if (res.statusCode !== 200) {
            failed += 1;
            res.resume();
            done();
            return;
          }
          let buffer = '';
          let first = true;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (first) {
              first = false;
              done();
            }
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!block.includes('event: message\n')) continue;
              const match = /"text":"bench (\d+)"/.exec(block);
              if (match) reply({ kind: 'received', n: Number(match[1]), at: now() });
            }
          });
          res.on('error', () => undefined);
        },
      );
      request.on('error', () => {
        failed += 1;
        done();
      });
      open.push(request);
    }
  });
}

// ---- the bench ------------------------------------------------------------------------------------

const offlineBankAccounts: BankAccounts = {
  resolve: async (_bank, accountNumber) => ({ accountName: `BENCH ${accountNumber.slice(-4)}`, bankCode: 'BENCH' }),
};

const unlimited = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

async function startInstance(config: AppConfig): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp(config, {
    seedDemoData: false,
    bankAccounts: offlineBankAccounts,
    rateLimits: {
      everyRoute: { perIp: unlimited },
      messages: { perUser: unlimited },
      conversations: { perUser: unlimited },
      uploads: { perIp: unlimited, perUser: unlimited },
    },
  });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${port}` };
}

interface Seeded {
  senderToken: string;
  studentTokens: string[];
  conversationIds: string[];
}

/** One store and its owner (the sender); STREAMS students, each with a session and a conversation with the store. */
async function seed(app: FastifyInstance): Promise<Seeded> {
  const at = app.clock.now();
  // Sessions that outlive the run (the access token's own 15 minutes could end a slow one).
  const expires = new Date(at.getTime() + 24 * 60 * 60 * 1000);
  const tag = randomUUID().slice(0, 6);
  const user = (i: number | 'owner') => ({
    id: randomUUID(),
    email: `bench-${tag}-${i}@campus.edu.ng`,
    passwordHash: 'x',
    firstName: 'Bench',
    lastName: String(i),
    emailVerifiedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  const owner = user('owner');
  await app.db.insert(users).values(owner);
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
    createdAt: at,
    updatedAt: at,
  });
  const senderToken = generateToken();
  await app.db.insert(sessions).values({
    id: randomUUID(),
    userId: owner.id,
    tokenHash: hashToken(senderToken),
    createdAt: at,
    expiresAt: expires,
    idleExpiresAt: expires,
  });
  const studentTokens: string[] = [];
  const conversationIds: string[] = [];
  for (let from = 0; from < STREAMS; from += 250) {
    const batch = Array.from({ length: Math.min(250, STREAMS - from) }, (_, k) => user(from + k));
    await app.db.insert(users).values(batch);
    const tokens = batch.map(() => generateToken());
    await app.db.insert(sessions).values(
      batch.map((u, k) => ({
        id: randomUUID(),
        userId: u.id,
        tokenHash: hashToken(tokens[k] ?? ''),
        createdAt: at,
        expiresAt: expires,
        idleExpiresAt: expires,
      })),
    );
    const ids = batch.map(() => randomUUID());
    await app.db
      .insert(conversations)
      .values(batch.map((u, k) => ({ id: ids[k] ?? '', buyerId: u.id, sellerId, subjectKey: 'store', createdAt: at })));
    studentTokens.push(...tokens);
    conversationIds.push(...ids);
  }
  return { senderToken, studentTokens, conversationIds };
}

class Clients {
  private readonly child: ChildProcess;
  private readonly waiters: Array<(m: FromClient) => boolean> = [];
  onReceived: (n: number, at: number) => void = () => undefined;

  constructor() {
    this.child = fork(process.argv[1] ?? '', ['--clients'], { execArgv: process.execArgv, stdio: 'inherit' });
    this.child.on('message', (m: FromClient) => {
      if (m.kind === 'received') this.onReceived(m.n, m.at);
      else for (const [i, w] of this.waiters.entries()) if (w(m)) this.waiters.splice(i, 1);
    });
  }

  private ask<T extends FromClient['kind']>(message: ToClient, kind: T): Promise<Extract<FromClient, { kind: T }>> {
    return new Promise((resolve) => {
      this.waiters.push((m) => {
        if (m.kind !== kind) return false;
        resolve(m as Extract<FromClient, { kind: T }>);
        return true;
      });
      this.child.send(message);
    });
  }

  open(base: string, tokens: string[]) {
    return this.ask({ kind: 'open', base, tokens }, 'opened');
  }

  close() {
    return this.ask({ kind: 'close' }, 'closed');
  }

  stop(): void {
    this.child.kill();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function gcNow(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
}

async function waitForStreams(app: FastifyInstance, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (app.events.openStreams < count && Date.now() < deadline) await sleep(50);
}

/** Message numbers go on across runs: a late arrival from an earlier run is not taken for one of this run. */
let nextNumber = 0;

interface Delivery {
  sentPerSecond: number;
  p50: number;
  p95: number;
  max: number;
  delivered: number;
  errors: number;
  health: { ms: number; status: number; body: string };
}

/** Sends `count` messages at RATE per second through `sendVia`, the streams open wherever `clients` opened them. */
async function deliver(count: number, sendVia: string, seeded: Seeded, clients: Clients, healthOf: string): Promise<Delivery> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  clients.onReceived = (n, at) => {
    const t0 = sentAt.get(n);
    if (t0 !== undefined) latencies.push(at - t0);
  };
  let errors = 0;
  const sends: Array<Promise<void>> = [];
  const interval = 1000 / RATE;
  const started = now();
  let health: Delivery['health'] = { ms: 0, status: 0, body: '' };
  for (let n = 0; n < count; n += 1) {
    const due = started + n * interval;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    const number = nextNumber++;
    const conversation = seeded.conversationIds[number % seeded.conversationIds.length] ?? '';
    sentAt.set(number, now());
    sends.push(
      fetch(`${sendVia}/api/v1/messages/conversations/${conversation}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seeded.senderToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `bench ${number}` }),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 201) errors += 1;
        })
        .catch(() => {
          errors += 1;
        }),
    );
    if (n === Math.floor(count / 2)) {
      const t0 = now();
      void fetch(`${healthOf}/api/v1/health`).then(async (res) => {
        health = { status: res.status, body: await res.text(), ms: now() - t0 };
      });
    }
  }
  await Promise.all(sends);
  const sentPerSecond = (count / (now() - started)) * 1000;
  const deadline = Date.now() + 10_000;
  while (latencies.length < count - errors && Date.now() < deadline) await sleep(50);
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { sentPerSecond, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN, delivered: sorted.length, errors, health };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function deliveryLine(label: string, d: Delivery): string {
  return (
    `  ${label}: ${d.sentPerSecond.toFixed(1)} messages/s sent, delivery p50 ${d.p50.toFixed(1)} ms, p95 ${d.p95.toFixed(1)} ms, max ${d.max.toFixed(1)} ms` +
    ` (${d.delivered}/${MESSAGES_SENT} delivered, ${d.errors} send errors)\n` +
    `    GET /health under load: ${d.health.status} in ${d.health.ms.toFixed(1)} ms ${d.health.body}`
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-messages-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  if (config.database.kind === 'pglite') config.database = { kind: 'pglite', dir: null };
  const onPostgres = config.database.kind === 'postgres';
  const [load1, load5] = os.loadavg();
  const lines = [
    `Live messages: ${STREAMS} open streams, ${MESSAGES_SENT} messages at ${RATE}/s, on ${onPostgres ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)'}` +
      `${config.redisUrl ? ' with Redis' : ''}; ${os.cpus().length} cores, load ${load1?.toFixed(2)} / ${load5?.toFixed(2)} (1 / 5 min) at the start` +
      `${(globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: memory figures include garbage)'}`,
  ];
  const a = await startInstance(config);
  const clients = new Clients();
  let b: { app: FastifyInstance; base: string } | null = null;
  try {
    const seeded = await seed(a.app);

    // One instance: memory before and after the streams open, then the delivery.
    gcNow();
    const before = process.memoryUsage();
    const opened = await clients.open(a.base, seeded.studentTokens);
    await waitForStreams(a.app, STREAMS - opened.failed);
    await sleep(500);
    gcNow();
    const after = process.memoryUsage();
    const open = a.app.events.openStreams;
    lines.push(
      `  one instance: ${open} streams open (${opened.failed} refused); memory per open stream: RSS ${kb((after.rss - before.rss) / Math.max(open, 1))} KB, heap ${kb((after.heapUsed - before.heapUsed) / Math.max(open, 1))} KB` +
        ` (RSS ${mb(before.rss)} → ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB)`,
    );
    await deliver(Math.min(100, MESSAGES_SENT), a.base, seeded, clients, a.base); // warm-up, not counted
    lines.push(deliveryLine('one instance', await deliver(MESSAGES_SENT, a.base, seeded, clients, a.base)));
    await clients.close();

    if (onPostgres) {
      b = await startInstance(config);
      const reopened = await clients.open(b.base, seeded.studentTokens);
      await waitForStreams(b.app, STREAMS - reopened.failed);
      await sleep(500);
      lines.push(
        deliveryLine(
          `two instances (sent through A, ${b.app.events.openStreams} streams on B, LISTEN/NOTIFY${config.redisUrl ? ' and Redis' : ''})`,
          await deliver(MESSAGES_SENT, a.base, seeded, clients, b.base),
        ),
      );
      await clients.close();
    } else {
      lines.push('  two instances: not measured (no DATABASE_URL: two API instances need one PostgreSQL server between them)');
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    clients.stop();
    if (b) await b.app.close();
    await a.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--clients')) {
  runClients();
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`bench:messages failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
