/**
 * `npm run bench:search -w @campus/api`: the built-in search endpoint (what the
 * browser's algoliasearch client sends: POST /1/indexes/{star}/queries,
 * text/plain JSON, credentials in the query string) beside GET /api/v1/health
 * in the same run, at 10,000 and 100,000 products, on the embedded database
 * (PGlite) and on PostgreSQL (DATABASE_URL's server, or a throwaway cluster
 * from with-postgres.mjs). Each database and size is a run of its own, in a
 * child process on a fresh database; the summary at the end sets them side by
 * side with the targets (docs/performance.md). Bounded: a fixed number of requests per
 * endpoint and a time cap; loopback only.
 *
 *   npm run bench:search -w @campus/api                       # all four runs
 *   npm run bench:search -w @campus/api -- --db pglite --sizes 10000
 * Environment: BENCH_REQUESTS (1000), BENCH_CONCURRENCY ("1,8").
 *
 * BENCH_SEARCH_PORT: measure through another server on this machine instead (the cluster's
 * balancer, scripts/start-cluster.mjs), whose instances read DATABASE_URL's database: the
 * products are loaded into that database itself, not a scratch one.
 *   DATABASE_URL=<the cluster's> BENCH_SEARCH_PORT=8010 npm run bench:search -w @campus/api -- --db postgres --sizes 10000
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { MAX_FILTERS_PER_PARAMETER, MAX_HITS_PER_REQUEST, MAX_QUERIES_PER_REQUEST, MAX_VALUES_PER_FACET } from '../src/search/limits';
import { loadBenchCatalogue, pick } from './bench/catalogue';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
/** Each level runs both endpoints: 1 shows plain latency, 8 shows throughput under load. */
const CONCURRENCY_LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,8')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const TIME_CAP_MS = 60_000;

const QUERIES: Array<Record<string, unknown>> = [
  { query: 'iphone' },
  { query: 'iphnoe' },
  { query: 'samsung galaxy' },
  { query: 'laptpo', filters: 'price:40000 TO 1000000' },
  { query: 'text', filters: 'categoryName:"Books"' },
  { query: '', filters: 'price:10000 TO 19999.99', indexSuffix: '_price_asc' },
  { query: 'power bank', page: 2 },
  { query: 'hoodie', indexSuffix: '_newest' },
  { query: 'sneakers nike', facets: ['categoryName'] },
  { query: 'kettle', filters: 'inStock:true', indexSuffix: '_rating' },
];

interface Target {
  method: 'GET' | 'POST';
  path: (i: number) => string;
  body?: (i: number) => string;
}

interface Result {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  rps: number;
}

function once(agent: http.Agent, port: number, method: string, urlPath: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: body ? { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

async function measure(port: number, target: Target, requests: number, concurrency: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests && performance.now() - started < TIME_CAP_MS) {
      const i = next;
      next += 1;
      const t0 = performance.now();
      const status = await once(agent, port, target.method, target.path(i), target.body?.(i));
      latencies.push(performance.now() - t0);
      if (status !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { count: latencies.length, errors, p50: at(0.5), p95: at(0.95), rps: latencies.length / elapsed };
}

/** Every query at the bounds' maxima: what an attacker with the public key can make one request cost. */
function costliestAllowed(indexName: string): Array<Record<string, unknown>> {
  return Array.from({ length: MAX_QUERIES_PER_REQUEST }, (_, i) => ({
    indexName,
    query: pick(['a', 'e', 'o', 'i', 'n'], i),
    hitsPerPage: MAX_HITS_PER_REQUEST / MAX_QUERIES_PER_REQUEST,
    facets: ['*'],
    maxValuesPerFacet: MAX_VALUES_PER_FACET,
    numericFilters: Array.from({ length: MAX_FILTERS_PER_PARAMETER }, (_, k) => `price>=${k}`),
    attributesToHighlight: ['*'],
  }));
}

/** A request that once took seconds: 50 queries of 1000 hits with every facet and highlight (8.6 s before the bounds). */
function abusiveRequest(indexName: string): Array<Record<string, unknown>> {
  return Array.from({ length: 50 }, () => ({
    indexName,
    query: 'a',
    hitsPerPage: 1000,
    facets: ['*'],
    maxValuesPerFacet: 1000,
    attributesToHighlight: ['*'],
  }));
}

/** One request `times` times in a row: its status, the slowest time and the answer's size. */
async function timedOnce(
  port: number,
  urlPath: string,
  body: string,
  times: number,
): Promise<{ status: number; ms: number; bytes: number }> {
  let slowest = { status: 0, ms: 0, bytes: 0 };
  for (let i = 0; i < times; i += 1) {
    const t0 = performance.now();
    const answer = await new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: urlPath,
          headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    const ms = performance.now() - t0;
    if (ms >= slowest.ms) slowest = { ...answer, ms };
  }
  return slowest;
}

type DbKind = 'pglite' | 'postgres';

/** What one run hands the summary (concurrency 1: the latency one student sees). */
interface RunSummary {
  db: DbKind;
  products: number;
  health: Result;
  search: Result;
}

const RESULT_MARK = 'BENCH_RESULT ';

/** The targets, p95 at concurrency 1 on the embedded database (docs/performance.md). */
const PGLITE_P95_TARGET_MS: Readonly<Record<number, number>> = { 10_000: 15, 100_000: 40 };

/** Not DROP ... WITH (FORCE): connections the app is still closing would die with an error; this waits for them. */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; attempt < 20; attempt += 1) {
    const dropped = await admin.query(`DROP DATABASE IF EXISTS ${name}`).then(
      () => true,
      () => false,
    );
    if (dropped) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
}

/** On PostgreSQL, a database of its own on DATABASE_URL's server, dropped afterwards: runs never see each other's rows. */
async function withScratchDatabase<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `campus_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      return await work(url.toString());
    } finally {
      await dropWhenClosed(admin, name);
    }
  } finally {
    await admin.end();
  }
}

/** One database at one size: load, index, measure, print the detailed table and the summary line. */
async function runOne(db: DbKind, size: number, config: AppConfig): Promise<void> {
  if (config.catalogue.search.mode !== 'builtin') throw new Error('The benchmark measures the built-in search: unset ALGOLIA_*');
  // One client address sends every request: the per-address search limit would measure itself.
  const app = await buildApp(config, {
    seedDemoData: false,
    rateLimits: {
      search: { perIp: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } },
      everyRoute: { perIp: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } },
    },
  });
  try {
    await app.ready();
    const load0 = performance.now();
    const { inserted, indexed, insertSeconds } = await loadBenchCatalogue(app, size, config.universityEmailDomain);
    const loadSeconds = (performance.now() - load0) / 1000;

    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = process.env.BENCH_SEARCH_PORT ? Number(process.env.BENCH_SEARCH_PORT) : (app.server.address() as AddressInfo).port;
    const s = config.catalogue.search;
    const credentials = `x-algolia-application-id=${encodeURIComponent(s.appId)}&x-algolia-api-key=${encodeURIComponent(s.searchApiKey)}`;
    const search: Target = {
      method: 'POST',
      path: () => `/1/indexes/*/queries?${credentials}`,
      body: (i) => {
        const { indexSuffix, ...params } = pick(QUERIES, i);
        return JSON.stringify({
          requests: [{ indexName: `${s.indexName}${typeof indexSuffix === 'string' ? indexSuffix : ''}`, hitsPerPage: 10, ...params }],
        });
      },
    };
    const health: Target = { method: 'GET', path: () => '/api/v1/health' };

    // Warm-up, then the measured runs (health first, search second, same server).
    await measure(port, search, 100, 4);
    await measure(port, health, 100, 4);
    const runs = [];
    for (const c of CONCURRENCY_LEVELS) {
      runs.push({ c, h: await measure(port, health, REQUESTS, c), q: await measure(port, search, REQUESTS, c) });
    }

    const row = (name: string, c: number, r: Result) =>
      `| ${name.padEnd(36)} | ${String(c).padStart(11)} | ${String(r.count).padStart(8)} | ${String(r.errors).padStart(6)} | ${r.p50.toFixed(2).padStart(8)} | ${r.p95.toFixed(2).padStart(8)} | ${r.rps.toFixed(0).padStart(6)} |`;
    if (process.env.BENCH_SEARCH_PORT) console.log(`Measured through 127.0.0.1:${port} (BENCH_SEARCH_PORT), not this process`);
    console.log(
      `Search benchmark: ${indexed} products (${db}), ${inserted} inserted in ${insertSeconds.toFixed(1)} s, loaded and indexed in ${loadSeconds.toFixed(1)} s`,
    );
    console.log(
      `${REQUESTS} requests per endpoint and level, keep-alive, loopback, Node ${process.version}, ${os.cpus().length} CPU(s), load average ${loadAverage()}`,
    );
    console.log('');
    console.log(`| ${'endpoint'.padEnd(36)} | concurrency | requests | errors | p50 (ms) | p95 (ms) |  req/s |`);
    console.log(`|${'-'.repeat(38)}|-------------|----------|--------|----------|----------|--------|`);
    for (const { c, h, q } of runs) {
      console.log(row('GET /api/v1/health', c, h));
      console.log(row('POST /1/indexes/*/queries (search)', c, q));
    }
    console.log('');
    for (const { c, h, q } of runs) {
      console.log(
        `Ratio search/health at concurrency ${c}: p50 x${(q.p50 / h.p50).toFixed(1)}, p95 x${(q.p95 / h.p95).toFixed(1)}, req/s ${((q.rps / h.rps) * 100).toFixed(1)}% of health`,
      );
    }

    // The search bounds (src/search/limits.ts): the costliest request they allow, and the abusive one they refuse.
    const worst = await timedOnce(
      port,
      `/1/indexes/*/queries?${credentials}`,
      JSON.stringify({ requests: costliestAllowed(s.indexName) }),
      3,
    );
    const abusive = await timedOnce(
      port,
      `/1/indexes/*/queries?${credentials}`,
      JSON.stringify({ requests: abusiveRequest(s.indexName) }),
      3,
    );
    console.log('');
    console.log(
      `Worst case the bounds allow (${MAX_QUERIES_PER_REQUEST} queries, ${MAX_HITS_PER_REQUEST} hits in all, every facet with ${MAX_VALUES_PER_FACET} values, ${MAX_FILTERS_PER_PARAMETER} numeric filters each, every attribute highlighted):`,
    );
    // 503 is the search time limits answering (limits.ts): the request stopped, as designed, instead of running on.
    const worstNote = worst.status === 503 ? ' (over the search time limits: stopped and answered 503)' : '';
    console.log(`  status ${worst.status}${worstNote}, slowest of 3 ${worst.ms.toFixed(0)} ms, ${(worst.bytes / 1e6).toFixed(2)} MB`);
    console.log(
      `Abusive request (50 queries of 1000 hits, every facet and highlight): status ${abusive.status}, slowest of 3 ${abusive.ms.toFixed(1)} ms`,
    );
    const errors =
      runs.reduce((n, r) => n + r.h.errors + r.q.errors, 0) +
      (worst.status === 200 || worst.status === 503 ? 0 : 1) +
      (abusive.status === 400 ? 0 : 1);
    if (errors > 0) process.exitCode = 1;
    const first = runs[0];
    if (first) {
      const summary: RunSummary = { db, products: indexed, health: first.h, search: first.q };
      console.log(`${RESULT_MARK}${JSON.stringify(summary)}`);
    }
  } finally {
    await app.close();
  }
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

/** The child side: `--one <db> --size <n>`. */
async function child(db: DbKind, size: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-'));
  try {
    const base = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    if (db === 'pglite') {
      await runOne(db, size, { ...base, database: { kind: 'pglite', dir: null } });
    } else {
      const serverUrl = process.env.DATABASE_URL;
      if (!serverUrl) throw new Error('The PostgreSQL run needs DATABASE_URL (the parent starts a throwaway cluster)');
      // Another server measured: its database is the one to fill.
      if (process.env.BENCH_SEARCH_PORT) await runOne(db, size, { ...base, database: { kind: 'postgres', url: serverUrl } });
      else await withScratchDatabase(serverUrl, (url) => runOne(db, size, { ...base, database: { kind: 'postgres', url } }));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The parent side: one child per database and size, their tables as they come, then the summary. */
function parent(dbs: readonly DbKind[], sizes: readonly number[]): void {
  const apiDir = path.resolve(__dirname, '..');
  const tsx = path.join(apiDir, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const summaries: RunSummary[] = [];
  let failed = false;
  for (const db of dbs) {
    for (const size of sizes) {
      const self = [tsx, __filename, '--one', db, '--size', String(size)];
      // PostgreSQL: DATABASE_URL's server when set, else a throwaway cluster for this run.
      const [cmd, args] =
        db === 'postgres'
          ? [process.execPath, [path.join(apiDir, 'scripts', 'with-postgres.mjs'), process.execPath, ...self]]
          : [process.execPath, self];
      console.log(`\n=== ${db}, ${size.toLocaleString('en')} products ===`);
      const r = spawnSync(cmd, args, { cwd: apiDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
      for (const line of r.stdout.split('\n')) {
        if (line.startsWith(RESULT_MARK)) summaries.push(JSON.parse(line.slice(RESULT_MARK.length)) as RunSummary);
        else if (line) console.log(line);
      }
      if (r.status !== 0) failed = true;
    }
  }
  console.log('\n=== Summary: concurrency 1, ratios to GET /api/v1/health in the same run ===');
  console.log(`load average now ${loadAverage()}; ${os.cpus().length} CPU(s)`);
  console.log('');
  console.log(
    '| database | products | search p50 (ms) | search p95 (ms) | health p50 (ms) | health p95 (ms) | p50 ratio | p95 ratio | p95 target |',
  );
  console.log(
    '|----------|---------:|----------------:|----------------:|----------------:|----------------:|----------:|----------:|-----------:|',
  );
  for (const r of summaries) {
    const target = r.db === 'pglite' ? PGLITE_P95_TARGET_MS[r.products] : undefined;
    const verdict = target === undefined ? '–' : `≤ ${target} ${r.search.p95 <= target ? 'met' : 'MISSED'}`;
    console.log(
      `| ${r.db.padEnd(8)} | ${r.products.toLocaleString('en').padStart(8)} | ${r.search.p50.toFixed(2).padStart(15)} | ${r.search.p95.toFixed(2).padStart(15)} | ${r.health.p50.toFixed(2).padStart(15)} | ${r.health.p95.toFixed(2).padStart(15)} | ${`x${(r.search.p50 / r.health.p50).toFixed(1)}`.padStart(9)} | ${`x${(r.search.p95 / r.health.p95).toFixed(1)}`.padStart(9)} | ${verdict.padStart(10)} |`,
    );
  }
  if (failed || summaries.length !== dbs.length * sizes.length) process.exitCode = 1;
}

const DB_KINDS: readonly DbKind[] = ['pglite', 'postgres'];

function main(): Promise<void> | void {
  const { values } = parseArgs({
    options: {
      one: { type: 'string' },
      size: { type: 'string' },
      db: { type: 'string', default: DB_KINDS.join(',') },
      sizes: { type: 'string', default: '10000,100000' },
    },
  });
  const asDb = (v: string): DbKind => {
    if (v !== 'pglite' && v !== 'postgres') throw new Error(`--db takes pglite and/or postgres, not ${v}`);
    return v;
  };
  const asSize = (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`a size is a whole number of products, not ${v}`);
    return n;
  };
  if (values.one !== undefined) return child(asDb(values.one), asSize(values.size ?? '10000'));
  return parent(values.db.split(',').map(asDb), values.sizes.split(',').map(asSize));
}

Promise.resolve()
  .then(main)
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
