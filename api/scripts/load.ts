/**
 * `npm run load`: a campus's worth of students on the production shape (`npm run start:cluster`:
 * nginx, API_INSTANCES instances, PostgreSQL, Redis, s3rver, the Paystack sandbox as a process),
 * at the production limits (no RATE_LIMIT_SCALE), for LOAD_MINUTES (10):
 *
 * - a sign-in rush first (LOAD_SIGN_INS, 100 real sign-ins: scrypt at production cost);
 * - LOAD_STUDENTS (1,000) students, each with a session of its own, at LOAD_RATE (200) requests a
 *   second in all (a student acting every five seconds): search 55 % and browsing 15 %, product
 *   pages 15 %, cart changes 10 %, messages 5 %. Each pass of a part's requests is one student's
 *   (its session, and its address with LOAD_ADDRESSES=many); autocannon carries them over at most
 *   one keep-alive connection per request a second (about 220 at 200 requests/s);
 * - LOAD_STREAMS (300) event streams open the whole time (the chat's live updates);
 * - LOAD_CHECKOUTS (5) paid checkouts a second through the sandbox: empty the cart, add, read
 *   it, initiate, and the student pays on the sandbox's page (one POST, as the browser's form).
 *
 * LOAD_ADDRESSES=one (default: the campus behind one NAT address, every request from 127.0.0.1)
 * or many (each student its own address, sent as X-Forwarded-For through nginx, which the
 * instances trust). `--soak`: LOAD_MINUTES 30 at half the rates.
 *
 * Students, their sessions and the checkout stock are written into the cluster's database before
 * the run (setting up is not what is measured). At the end it waits for the webhooks, then checks
 * the money: every payment the sandbox took is paid here once, with its orders and one payment
 * journal, and every ledger journal balances. It prints per route p50/p95/p99 and the answers by
 * status, checkouts per second, and each API instance's resident memory at the start, once warm
 * (5 minutes in, or a sixth of a shorter run), each minute and at the end; it fails on any 5xx,
 * time-out, socket error, dropped stream, lost, doubled or phantom payment, and in a soak on memory
 * grown 10 % or more since it was warm.
 *
 * `--faults`: 6.5 minutes of that load with a fault a minute (load-faults.ts): PostgreSQL restarted,
 * Redis and the S3 store hung, Paystack slow and answering 500; each window may answer only the 5xx
 * its fault explains (a checkout told Paystack is down), none outside them, no instance restarts.
 * `--faults --quick` (CI's step): the same faults closer together, 2.4 minutes under 200 students at
 * 60 requests/s and 2 checkouts/s.
 *
 * LOAD_CLUSTER_STATE=<file>: use a cluster already running (its CLUSTER_STATE_FILE) instead of
 * starting one on CLUSTER_PORT_BASE 8300. LOAD_REPORT=<file>: the figures as JSON too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Client, type Request } from 'autocannon';
import { countDistinct, eq, inArray, like, sql } from 'drizzle-orm';
import { insertSession, insertUser, markEmailVerified } from '../src/accounts/repository';
import { DEMO_STORES } from '../src/catalogue';
import { loadConfig } from '../src/config';
import { DEMO_PASSWORD } from '../src/db/seed';
import { openDatabase, resultRows, type Database } from '../src/db/client';
import { ledgerEntries, orders, payments, products } from '../src/db/schema';
import { generateToken, hashPassword, hashToken, PASSWORD_PARAMS } from '../src/lib/crypto';
import { FULL_SCHEDULE, QUICK_SCHEDULE, runFaults, type FaultWindow } from './load-faults';

const soak = process.argv.includes('--soak');
const faults = process.argv.includes('--faults');
/** `--faults --quick`: CI's step, the faults closer together under a fifth of the load. */
const quick = faults && process.argv.includes('--quick');
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const half = soak ? 0.5 : 1;
const STUDENTS = num('LOAD_STUDENTS', quick ? 200 : 1000);
const RATE = num('LOAD_RATE', (quick ? 60 : 200) * half);
const CHECKOUTS = num('LOAD_CHECKOUTS', (quick ? 2 : 5) * half);
const STREAMS = num('LOAD_STREAMS', Math.round((quick ? 50 : 300) * half));
const MINUTES = num('LOAD_MINUTES', soak ? 30 : quick ? 2.4 : faults ? 6.5 : 10);
/** After a fault's window, what it leaves behind (a request still waiting when it ended) counts as its own. */
const FAULT_GRACE_MS = 15_000;
const SIGN_INS = num('LOAD_SIGN_INS', quick ? 10 : 100);
const MANY_ADDRESSES = process.env.LOAD_ADDRESSES === 'many';
const PASSWORD = 'load-run-password';
const ROOT = path.resolve(__dirname, '..', '..');
const RUN = Date.now().toString(36);

interface ClusterState {
  ready: boolean;
  apiUrl: string;
  databaseUrl: string | null;
  paystackUrl: string;
  paystackKey: string;
  postgresDataDir: string;
  services: Record<string, number | null>;
  apiInstances: Array<{ index: number; port: number; pid: number | null; restarts: number }>;
}

interface Student {
  email: string;
  token: string;
  address: string;
  conversationId?: string;
}

// ---- figures ---------------------------------------------------------------------------------------

class RouteFigures {
  readonly latencies: number[] = [];
  readonly statuses = new Map<string, number>();
  count(status: string, ms?: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (ms !== undefined) this.latencies.push(ms);
  }
  percentile(p: number): number {
    if (this.latencies.length === 0) return Number.NaN;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  }
}
const routes = new Map<string, RouteFigures>();
const figuresOf = (route: string) => {
  let f = routes.get(route);
  if (!f) routes.set(route, (f = new RouteFigures()));
  return f;
};

function residentMemoryMb(pid: number | null): number | null {
  if (!pid) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

// ---- the cluster -----------------------------------------------------------------------------------

/** The cluster's state file, once it is whole (the supervisor writes it again as things change). */
function readState(file: string): ClusterState | null {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClusterState) : null;
  } catch {
    return null;
  }
}

async function clusterState(): Promise<{ state: ClusterState; file: string; stop: () => Promise<void> }> {
  const given = process.env.LOAD_CLUSTER_STATE;
  const file = given ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'campus-load-')), 'cluster.json');
  let child: ChildProcess | null = null;
  if (!given) {
    console.log('Starting the cluster (npm run start:cluster, CLUSTER_PORT_BASE 8300)...');
    child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start-cluster.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        CLUSTER_PORT_BASE: process.env.CLUSTER_PORT_BASE ?? '8300',
        CLUSTER_STATE_FILE: file,
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
  const started = Date.now();
  for (;;) {
    const state = readState(file);
    if (state) {
      if (state.ready && state.databaseUrl) {
        const stop = async () => {
          if (!child || child.exitCode !== null) return;
          const exited = new Promise((resolve) => child?.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        };
        return { state, file, stop };
      }
    }
    if (child && child.exitCode !== null) throw new Error(`the cluster stopped while starting (exit ${child.exitCode})`);
    if (Date.now() - started > 20 * 60_000) throw new Error('the cluster did not start in 20 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// ---- setting up (not measured) ---------------------------------------------------------------------

const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;

async function makeStudents(database: Database, domain: string): Promise<Student[]> {
  const passwordHash = await hashPassword(PASSWORD, PASSWORD_PARAMS);
  const now = new Date();
  const students: Student[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    const email = `load-${RUN}-${i}@${domain}`;
    const user = await insertUser(database.db, {
      email,
      emailCanonical: email,
      passwordHash,
      firstName: 'Load',
      lastName: `Student ${i}`,
      now,
    });
    await markEmailVerified(database.db, user, now);
    const token = generateToken();
    // Longer than a real access token's quarter of an hour: a soak's students do not all renew.
    const expiresAt = new Date(now.getTime() + 3 * 3_600_000);
    await insertSession(database.db, {
      userId: user.id,
      tokenHash: hashToken(token),
      renewalTokenHash: hashToken(generateToken()),
      now,
      expiresAt,
      idleExpiresAt: expiresAt,
    });
    students.push({ email, token, address: addressOf(i) });
  }
  return students;
}

async function api(
  base: string,
  student: Student,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const answer = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${student.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(MANY_ADDRESSES ? { 'x-forwarded-for': student.address } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, json: await answer.json().catch(() => null) };
}

// ---- the load ------------------------------------------------------------------------------------------

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const SEARCH_WORDS = [
  'textbook',
  'calculator',
  'phone',
  'shoes',
  'lamp',
  'bag',
  'laptop',
  'book',
  'charger',
  'mattress',
  'hoodie',
  'jollof',
  '',
];

/** What one pass of a part's requests shares: the student making it (and the checkout's cart). */
interface Pass {
  student?: Student;
  cart?: { cartId: string; totals: { totalPrice: string } };
}
const passOf = (context: object) => context as Pass;

interface Part {
  name: string;
  share: number;
  /** Who makes its requests. */
  students: Student[];
  /** Who makes the next pass (default: any of the part's students). */
  next?: () => Student;
  requests: RouteRequest[];
}

/** The headers a student's browser sends: the session, JSON's type with a body, and the student's own address when each has one. */
function headersOf(student: Student, json: boolean): Record<string, string> {
  return {
    authorization: `Bearer ${student.token}`,
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(MANY_ADDRESSES ? { 'x-forwarded-for': student.address } : {}),
  };
}

/** The first answers of each refusal, to say why in the report. */
const refusals = new Map<string, string>();
/** Every 5xx, when (ms since the load began) and why: a fault run judges each window by them. */
const serverErrorLog: Array<{ at: number; route: string; status: number; body: string }> = [];
let loadStarted = 0;

/**
 * One autocannon instance per part at its share of the rate. Each pass of the part's requests is one
 * student's: the first request picks the student, every request carries that student's headers.
 * autocannon opens as many connections as the part's students, but never more than its requests a
 * second (its rate is per connection, at least one a second).
 */
function runPart(base: string, part: Part, rate: number, seconds: number): Promise<autocannon.Result> {
  const next = part.next ?? (() => pick(part.students));
  const requests = part.requests.map((r, i): RouteRequest => ({
    ...r,
    setupRequest: (request, context) => {
      const pass = passOf(context);
      if (i === 0 || !pass.student) pass.student = next();
      const built = typeof r.setupRequest === 'function' ? r.setupRequest(request, context) : request;
      if (!built) return built;
      return { ...built, headers: { ...built.headers, ...headersOf(pass.student, built.body !== undefined) } };
    },
    onResponse: (status, body, context, headers) => {
      const key = `${r.route} ${status}`;
      if (status >= 400 && !refusals.has(key)) refusals.set(key, body.slice(0, 200));
      if (status >= 500) serverErrorLog.push({ at: Date.now() - loadStarted, route: r.route, status, body: body.slice(0, 200) });
      if (typeof r.onResponse === 'function') r.onResponse(status, body, context, headers);
    },
  }));
  return autocannon({
    url: base,
    connections: part.students.length,
    overallRate: Math.max(1, Math.round(rate)),
    duration: seconds,
    timeout: 30,
    requests,
    setupClient: (client: Client) => {
      client.on('response', (status: number, _bytes: number, ms: number) => {
        const current = (client as unknown as { requestIterator: { currentRequest: { route?: string } } }).requestIterator.currentRequest;
        figuresOf(current.route ?? part.name).count(String(status), ms);
      });
    },
  });
}

type RouteRequest = Request & { route: string };
const route = (name: string, request: Request): RouteRequest => ({ ...request, route: name });

/** A demo store's owner (seeded outside production), signed in: the fault run's upload. */
async function demoSeller(base: string, domain: string): Promise<{ token: string; sellerId: string }> {
  const owner = DEMO_STORES[0]?.owner.local ?? '';
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${owner}@${domain}`, password: DEMO_PASSWORD }),
  });
  const signedIn = (await login.json()) as { data?: { token: string } };
  if (!signedIn.data) throw new Error(`the demo store owner ${owner}@${domain} could not sign in: ${login.status}`);
  const profile = await fetch(`${base}/api/v1/seller/profile`, { headers: { authorization: `Bearer ${signedIn.data.token}` } });
  const store = (await profile.json()) as { data?: { id: string } };
  if (!store.data) throw new Error(`${owner}@${domain} has no store: ${profile.status}`);
  return { token: signedIn.data.token, sellerId: store.data.id };
}

/**
 * A fault run's verdict: in each fault's window (and FAULT_GRACE_MS after it) only the 5xx it allows,
 * its probe held; outside every window none; no API instance restarted (each reconnected on its own).
 */
function judgeFaults(windows: FaultWindow[], stateFile: string, before: ClusterState): boolean {
  let held = true;
  const inside = (at: number, w: FaultWindow) => at >= w.from && at <= w.to + FAULT_GRACE_MS;
  console.log('\nfault                              window (s)     5xx in it (route status: count)      verdict');
  for (const w of windows) {
    const errors = serverErrorLog.filter((e) => inside(e.at, w));
    const refused = errors.filter((e) => !w.allows(e.route, e.status, e.body));
    const counts = new Map<string, number>();
    for (const e of errors) counts.set(`${e.route} ${e.status}`, (counts.get(`${e.route} ${e.status}`) ?? 0) + 1);
    const ok = refused.length === 0 && (w.probe?.held ?? true);
    if (!ok) held = false;
    console.log(
      `${w.name.padEnd(34)} ${`${(w.from / 1000).toFixed(0)}-${(w.to / 1000).toFixed(0)}`.padEnd(14)} ${JSON.stringify(Object.fromEntries(counts)).padEnd(36)} ${ok ? 'held' : 'FAILED'}${w.probe ? `; ${w.probe.what}` : ''}`,
    );
    if (refused[0]) console.log(`    first not allowed: ${refused[0].route} ${refused[0].status} ${refused[0].body}`);
  }
  const outside = serverErrorLog.filter((e) => !windows.some((w) => inside(e.at, w)));
  console.log(
    `outside the faults: ${outside.length} 5xx${outside[0] ? ` (first: ${outside[0].route} ${outside[0].status} ${outside[0].body})` : ''}`,
  );
  if (outside.length > 0) held = false;
  const after = readState(stateFile) ?? before;
  const restarted = after.apiInstances.filter(
    (i, k) => i.restarts !== before.apiInstances[k]?.restarts || i.pid !== before.apiInstances[k]?.pid,
  );
  console.log(`API instances restarted: ${restarted.length} (each reconnects on its own)`);
  if (restarted.length > 0) held = false;
  return held;
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
  const { state, file: stateFile, stop } = await clusterState();
  const base = state.apiUrl;
  const report: Record<string, unknown> = {};
  let failed = false;
  try {
    console.log(`\nSetting up ${STUDENTS} students in ${state.databaseUrl}...`);
    const database = await openDatabase({ kind: 'postgres', url: state.databaseUrl ?? '' });
    let students: Student[];
    let catalogue: Array<{ id: string; slug: string }>;
    let forSale: string[];
    try {
      students = await makeStudents(database, config.universityEmailDomain);
      catalogue = await database.db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(sql`${products.hiddenReason} IS NULL AND ${products.stockQuantity} > 0`);
      // Three listings with the stock of a term's worth of checkouts.
      forSale = catalogue.slice(0, 3).map((p) => p.id);
      await database.db.update(products).set({ stockQuantity: 1_000_000 }).where(inArray(products.id, forSale));
    } finally {
      await database.close();
    }
    if (catalogue.length === 0) throw new Error('the cluster has no listings: start it outside production (demo listings)');
    const search = (await (await fetch(`${base}/api/v1/search/config`)).json()) as {
      data: { appId: string; apiKey: string; indexName: string };
    };
    const credentials = `x-algolia-application-id=${encodeURIComponent(search.data.appId)}&x-algolia-api-key=${encodeURIComponent(search.data.apiKey)}`;

    // Who does what: each student is one connection of one part.
    const share = (from: number, count: number) => students.slice(from, from + count);
    const n = (fraction: number) => Math.max(1, Math.round(STUDENTS * fraction));
    const searchers = share(0, n(0.55));
    const browsers = share(n(0.55), n(0.15));
    const viewers = share(n(0.7), n(0.12));
    const carters = share(n(0.82), n(0.08));
    const talkers = share(n(0.9), n(0.05));
    const buyers = share(n(0.95), STUDENTS - n(0.95));
    console.log("Opening the talkers' conversations...");
    for (const talker of talkers) {
      const opened = await api(base, talker, 'POST', '/messages/conversations', { productId: pick(catalogue).id });
      talker.conversationId = (opened.json as { data?: { id: string } } | null)?.data?.id;
    }
    const talking = talkers.filter((t) => t.conversationId);

    // The sign-in rush.
    console.log(`\nSign-in rush: ${SIGN_INS} sign-ins...`);
    let signIn = 0;
    await autocannon({
      url: base,
      connections: Math.min(20, SIGN_INS),
      amount: SIGN_INS,
      timeout: 60,
      requests: [
        route('POST /auth/login', {
          method: 'POST',
          path: '/api/v1/auth/login',
          setupRequest: (request) => {
            const student = students[signIn++ % students.length] as Student;
            return {
              ...request,
              headers: { 'content-type': 'application/json', ...(MANY_ADDRESSES ? { 'x-forwarded-for': student.address } : {}) },
              body: JSON.stringify({ email: student.email, password: PASSWORD }),
            };
          },
        }),
      ],
      setupClient: (client: Client) =>
        client.on('response', (status: number, _bytes: number, ms: number) => figuresOf('POST /auth/login').count(String(status), ms)),
    });

    // The event streams, open the whole run.
    const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const streams = { open: 0, failed: 0, dropped: 0 };
    const openStreams: http.ClientRequest[] = [];
    let stopping = false;
    for (const student of students.slice(0, STREAMS)) {
      const request = http.get(
        `${base}/api/v1/events/stream`,
        {
          agent: streamAgent,
          headers: {
            accept: 'text/event-stream',
            authorization: `Bearer ${student.token}`,
            ...(MANY_ADDRESSES ? { 'x-forwarded-for': student.address } : {}),
          },
        },
        (res) => {
          if (res.statusCode !== 200) {
            streams.failed += 1;
            res.resume();
            return;
          }
          streams.open += 1;
          res.on('data', () => undefined);
          res.on('close', () => {
            streams.open -= 1;
            if (!stopping) streams.dropped += 1;
          });
        },
      );
      request.on('error', () => {
        if (!stopping) streams.failed += 1;
      });
      openStreams.push(request);
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    console.log(`${streams.open} event streams open, ${streams.failed} refused`);

    // The money's witnesses: what the sandbox took.
    const paidAtSandbox: string[] = [];
    let payFailures = 0;
    const pay = (accessCode: string, reference: string) =>
      fetch(`${state.paystackUrl}/checkout/${encodeURIComponent(accessCode)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      }).then(
        (answer) => {
          figuresOf('sandbox: pay').count(String(answer.status));
          if (answer.status === 303 || answer.status === 200) paidAtSandbox.push(reference);
          else payFailures += 1;
        },
        () => {
          payFailures += 1;
          figuresOf('sandbox: pay').count('socket error');
        },
      );
    const paying: Promise<void>[] = [];

    const parts: Part[] = [
      {
        name: 'search',
        share: 0.55,
        students: searchers,
        requests: [
          route('POST /1/indexes/*/queries (search)', {
            method: 'POST',
            path: `/1/indexes/*/queries?${credentials}`,
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                requests: [
                  {
                    indexName: search.data.indexName,
                    query: pick(SEARCH_WORDS),
                    hitsPerPage: 10,
                    page: Math.floor(Math.random() * 3),
                    facets: ['categoryId', 'condition'],
                  },
                ],
              }),
            }),
          }),
        ],
      },
      {
        name: 'browse',
        share: 0.15,
        students: browsers,
        requests: [
          route('GET /products/all', {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: `/api/v1/products/all?page=${1 + Math.floor(Math.random() * 3)}` }),
          }),
          route('GET /categories/all', { method: 'GET', path: '/api/v1/categories/all' }),
        ],
      },
      {
        name: 'product pages',
        share: 0.15,
        students: viewers,
        requests: [
          route('GET /products/:slug', {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: `/api/v1/products/${pick(catalogue).slug}` }),
          }),
        ],
      },
      {
        name: 'cart',
        share: 0.1,
        students: carters,
        requests: [
          route('POST /cart/add', {
            method: 'POST',
            path: '/api/v1/cart/add',
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ items: [{ productId: pick(catalogue).id, quantity: 1 }] }) }),
          }),
          route('DELETE /cart/clear', { method: 'DELETE', path: '/api/v1/cart/clear' }),
        ],
      },
      {
        name: 'messages',
        share: 0.05,
        students: talking,
        // Any talker: each sends one every 10 s or so, inside the 30 a minute a student may.
        requests: [
          route('POST /messages/conversations/:id/messages', {
            method: 'POST',
            setupRequest: (request, context) => ({
              ...request,
              path: `/api/v1/messages/conversations/${passOf(context).student?.conversationId ?? ''}/messages`,
              body: JSON.stringify({ text: 'Is it still available?' }),
            }),
          }),
        ],
      },
    ];
    // The checkout's four requests and the sandbox's page; the buyers in turn round the whole campus
    // (3,000 checkouts over 1,000 students is three each: a buyer's day allows 20).
    let turn = 0;
    // Not the cart part's students, who empty their carts as they go.
    const checkoutStudents = students.filter((s) => !carters.includes(s));
    const checkoutPart: Part = {
      name: 'checkout',
      share: 0,
      students: buyers,
      next: () => checkoutStudents[checkoutStudents.length - 1 - (turn++ % checkoutStudents.length)] as Student,
      requests: [
        route('DELETE /cart/clear (checkout)', { method: 'DELETE', path: '/api/v1/cart/clear' }),
        route('POST /cart/add (checkout)', {
          method: 'POST',
          path: '/api/v1/cart/add',
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ items: [{ productId: pick(forSale), quantity: 1 }] }) }),
        }),
        route('GET /cart', {
          method: 'GET',
          path: '/api/v1/cart',
          onResponse: (status, body, context) => {
            if (status === 200) passOf(context).cart = (JSON.parse(body) as { data: Pass['cart'] }).data;
          },
        }),
        route('POST /payments/initiate', {
          method: 'POST',
          path: '/api/v1/payments/initiate',
          setupRequest: (request, context) => {
            const { cart, student } = passOf(context);
            // No cart read: the pass starts again (autocannon's rule for a falsy answer).
            if (!cart?.cartId || !student) return undefined as unknown as Request;
            return {
              ...request,
              body: JSON.stringify({
                email: student.email,
                amount: String(Math.round(Number(cart.totals.totalPrice) * 100)),
                metadata: { cartId: cart.cartId },
                hostelName: 'Moremi Hall',
                blockNumber: 'B',
                roomNo: '214',
              }),
            };
          },
          onResponse: (status, body) => {
            if (status !== 200) return;
            const page = (JSON.parse(body) as { data: { access_code: string; reference: string } }).data;
            paying.push(pay(page.access_code, page.reference));
          },
        }),
      ],
    };

    const seconds = Math.round(MINUTES * 60);
    const memory = () => state.apiInstances.map((i) => ({ instance: i.index + 1, pid: i.pid, mb: residentMemoryMb(i.pid) }));
    const memoryAtStart = memory();
    const started = Date.now();
    console.log(
      `\nLoad: ${STUDENTS} students, ${RATE} requests/s, ${CHECKOUTS} checkouts/s, ${STREAMS} streams, ${MINUTES} min, ` +
        `${MANY_ADDRESSES ? 'each student its own address' : 'every student behind one address'}${soak ? ' (soak)' : ''}${faults ? ', with faults' : ''}`,
    );
    // Warm: once the heaps have grown to their working size (a soak's first minute was too early: one instance
    // went 181 → 183 MB by then and 218 by the end, the plateau the 10-minute run reached at twice the load).
    const warmAtMs = Math.min(5 * 60_000, (seconds * 1000) / 6);
    let memoryWarm = memoryAtStart;
    const warmTimer = setTimeout(() => (memoryWarm = memory()), warmAtMs);
    const memoryEachMinute: Array<Array<number | null>> = state.apiInstances.map(() => []);
    const sampler = setInterval(() => memory().forEach((m, i) => memoryEachMinute[i]?.push(m.mb)), 60_000);
    loadStarted = started;
    const faultRun = faults
      ? runFaults(
          {
            apiUrl: base,
            paystackUrl: state.paystackUrl,
            paystackKey: state.paystackKey,
            postgresDataDir: state.postgresDataDir,
            services: state.services,
            seller: await demoSeller(base, config.universityEmailDomain),
          },
          quick ? QUICK_SCHEDULE : FULL_SCHEDULE,
          started,
          (line) => console.log(`  ${line} (${Math.round((Date.now() - started) / 1000)} s)`),
        )
      : Promise.resolve([]);
    const [windows, ...loads] = await Promise.all([
      faultRun,
      ...parts.map((part) => runPart(base, part, RATE * part.share, seconds)),
      runPart(base, checkoutPart, CHECKOUTS * 4, seconds),
    ]);
    clearTimeout(warmTimer);
    clearInterval(sampler);
    const elapsed = (Date.now() - started) / 1000;
    const memoryAtEnd = memory();
    await Promise.all(paying);
    stopping = true;
    for (const request of openStreams) request.destroy();

    // The money, once the webhooks have arrived.
    console.log('\nWaiting for the webhooks and checking the money...');
    const check = await openDatabase({ kind: 'postgres', url: state.databaseUrl ?? '' });
    let money: Record<string, unknown>;
    try {
      const loadPayments = () =>
        check.db
          .select({ reference: payments.reference, status: payments.status, id: payments.id })
          .from(payments)
          .where(like(payments.email, `load-${RUN}-%`));
      let rows = await loadPayments();
      for (let wait = 0; wait < 120; wait += 1) {
        const paid = new Set(rows.filter((r) => r.status === 'success').map((r) => r.reference));
        if (paidAtSandbox.every((reference) => paid.has(reference))) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        rows = await loadPayments();
      }
      const status = new Map(rows.map((r) => [r.reference, r]));
      const lost = paidAtSandbox.filter((reference) => status.get(reference)?.status !== 'success');
      const paidIds = rows.filter((r) => r.status === 'success').map((r) => r.id);
      // Paid here but never taken by the sandbox: money the students did not give.
      const taken = new Set(paidAtSandbox);
      const phantom = rows.filter((r) => r.status === 'success' && !taken.has(r.reference));
      // Paid once: one payment journal each, and its orders (a store's order once: orders_payment_seller_key).
      const journals = paidIds.length
        ? await check.db
            .select({ paymentId: ledgerEntries.paymentId, n: countDistinct(ledgerEntries.journalId) })
            .from(ledgerEntries)
            .where(sql`${eq(ledgerEntries.kind, 'payment')} AND ${inArray(ledgerEntries.paymentId, paidIds)}`)
            .groupBy(ledgerEntries.paymentId)
        : [];
      const doubled = journals.filter((j) => Number(j.n) !== 1);
      const journalled = new Set(journals.map((j) => j.paymentId));
      const withoutJournal = paidIds.filter((id) => !journalled.has(id));
      const ordered = new Set(
        paidIds.length
          ? (await check.db.selectDistinct({ paymentId: orders.paymentId }).from(orders).where(inArray(orders.paymentId, paidIds))).map(
              (o) => o.paymentId,
            )
          : [],
      );
      const withoutOrders = paidIds.filter((id) => !ordered.has(id));
      const unbalanced = resultRows<{ journal_id: string }>(
        await check.db.execute(sql`SELECT journal_id FROM ledger_entries GROUP BY journal_id HAVING sum(amount_kobo) <> 0`),
      );
      money = {
        paidAtSandbox: paidAtSandbox.length,
        payFailures,
        paidHere: paidIds.length,
        lost: lost.length,
        paidWithoutTheSandbox: phantom.length,
        doubled: doubled.length,
        withoutJournal: withoutJournal.length,
        withoutOrders: withoutOrders.length,
        unbalancedJournals: unbalanced.length,
        checkoutsPerSecond: Number((paidIds.length / elapsed).toFixed(2)),
      };
      if (lost.length || phantom.length || doubled.length || withoutJournal.length || withoutOrders.length || unbalanced.length)
        failed = true;
    } finally {
      await check.close();
    }

    // The report.
    const pad = (s: string, n: number) => s.padEnd(n);
    const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '-');
    console.log(
      `\n${pad('route', 46)} ${pad('answers', 8)} ${pad('per s', 7)} ${pad('p50', 6)} ${pad('p95', 6)} ${pad('p99', 6)} statuses`,
    );
    const table: Array<Record<string, unknown>> = [];
    let serverErrors = 0;
    for (const [name, f] of [...routes.entries()].sort()) {
      const total = [...f.statuses.values()].reduce((a, b) => a + b, 0);
      const statuses = Object.fromEntries([...f.statuses.entries()].sort());
      for (const [s, c] of f.statuses) if (s.startsWith('5') || s === 'socket error') serverErrors += c;
      table.push({ route: name, answers: total, p50: f.percentile(50), p95: f.percentile(95), p99: f.percentile(99), statuses });
      console.log(
        `${pad(name, 46)} ${pad(String(total), 8)} ${pad((total / (name === 'POST /auth/login' ? 1 : elapsed)).toFixed(1), 7)} ${pad(ms(f.percentile(50)), 6)} ${pad(ms(f.percentile(95)), 6)} ${pad(ms(f.percentile(99)), 6)} ${JSON.stringify(statuses)}`,
      );
    }
    const timeouts = loads.reduce((sum, r) => sum + r.timeouts, 0);
    const socketErrors = loads.reduce((sum, r) => sum + r.errors, 0);
    // A request that hangs past autocannon's 30 s (nginx waits 60) is a time-out, not a 5xx: it fails the run
    // too, faults or not, as does a socket error and an event stream refused or dropped.
    if (timeouts > 0 || socketErrors > 0 || streams.failed > 0 || streams.dropped > 0) failed = true;
    if (faults) {
      if (!judgeFaults(windows, stateFile, state)) failed = true;
    } else if (serverErrors > 0) failed = true;
    console.log(`\nmoney: ${JSON.stringify(money)}`);
    for (const [key, body] of refusals) console.log(`first ${key}: ${body}`);
    console.log(`streams: ${STREAMS} opened, ${streams.failed} refused, ${streams.dropped} dropped during the run`);
    console.log(`autocannon: ${socketErrors} errors, ${timeouts} timeouts`);
    console.log(`API instances, resident memory (MB): instance  start  warm (${Math.round(warmAtMs / 1000)} s)  end  growth since warm`);
    const growth = memoryAtEnd.map((end, i) => {
      const warm = memoryWarm[i]?.mb ?? null;
      const pct = warm && end.mb ? ((end.mb - warm) / warm) * 100 : null;
      console.log(
        `  ${end.instance}  ${memoryAtStart[i]?.mb ?? '-'}  ${warm ?? '-'}  ${end.mb ?? '-'}  ${pct === null ? '-' : `${pct.toFixed(1)} %`}`,
      );
      return pct;
    });
    memoryEachMinute.forEach((series, i) => console.log(`  instance ${i + 1}, each minute: ${series.join(' ')}`));
    if (soak && growth.some((pct) => pct === null || pct >= 10)) failed = true;
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`;
    console.log(`machine: ${machine}; ran ${elapsed.toFixed(0)} s`);
    Object.assign(report, {
      soak,
      students: STUDENTS,
      rate: RATE,
      checkouts: CHECKOUTS,
      streams: { ...streams, asked: STREAMS },
      minutes: MINUTES,
      manyAddresses: MANY_ADDRESSES,
      elapsed,
      table,
      money,
      timeouts,
      socketErrors,
      memory: { start: memoryAtStart, warm: memoryWarm, warmAtMs, end: memoryAtEnd, eachMinute: memoryEachMinute },
      machine,
    });
    if (process.env.LOAD_REPORT) writeFileSync(process.env.LOAD_REPORT, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      failed
        ? '\nLOAD RUN FAILED (see above)'
        : faults
          ? '\nLoad run passed: every fault held (only the 5xx each explains), no lost or doubled payment, no instance restarted'
          : '\nLoad run passed: no 5xx, no lost or doubled payment',
    );
  } finally {
    await stop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
