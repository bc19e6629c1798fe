/**
 * `npm run bench:search -w @campus/api`: loads 10,000 products into a fresh
 * embedded database (or DATABASE_URL's), starts the API on a loopback port
 * and measures the built-in search endpoint (what the browser's algoliasearch
 * client sends: POST /1/indexes/{star}/queries, text/plain JSON, credentials in
 * the query string) beside GET /api/v1/health, in the same run. Bounded: a
 * fixed number of requests per endpoint and a time cap; loopback only.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { products, sellers, users } from '../src/db/schema';
import { DEFAULT_CATEGORIES } from '../src/categories/repository';
import { makeSlug } from '../src/products/repository';
import { MAX_FILTERS_PER_PARAMETER, MAX_HITS_PER_REQUEST, MAX_QUERIES_PER_REQUEST, MAX_VALUES_PER_FACET } from '../src/search/limits';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
/** Each level runs both endpoints: 1 shows plain latency, 8 shows throughput under load. */
const CONCURRENCY_LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,8').split(',').map(Number).filter((n) => n > 0);
const TIME_CAP_MS = 60_000;

const BRANDS = ['Apple', 'Samsung', 'Infinix', 'Tecno', 'HP', 'Dell', 'Lenovo', 'Oraimo', 'Nike', 'Adidas', 'Casio', 'JBL', 'Vitafoam', 'Binatone', 'Itel', 'Xiaomi'];
const ITEMS = ['iPhone', 'Galaxy phone', 'laptop', 'power bank', 'earbuds', 'textbook', 'calculator', 'hoodie', 'sneakers', 'backpack', 'kettle', 'standing fan', 'mattress', 'wristwatch', 'speaker', 'charger', 'jacket', 'novel', 'lab coat', 'reading lamp'];
const EXTRAS = ['128GB', 'fairly used', 'brand new', 'size 42', '2nd edition', 'black', 'with charger', 'UK used', 'rechargeable', 'original'];
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

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

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
      { host: '127.0.0.1', port, method, path: urlPath, agent, headers: body ? { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } : {} },
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

/** The request the issue reproduced: 50 queries of 1000 hits with every facet and highlight (8.6 s before the bounds). */
function abusiveRequest(indexName: string): Array<Record<string, unknown>> {
  return Array.from({ length: 50 }, () => ({ indexName, query: 'a', hitsPerPage: 1000, facets: ['*'], maxValuesPerFacet: 1000, attributesToHighlight: ['*'] }));
}

/** One request `times` times in a row: its status, the slowest time and the answer's size. */
async function timedOnce(port: number, urlPath: string, body: string, times: number): Promise<{ status: number; ms: number; bytes: number }> {
  let slowest = { status: 0, ms: 0, bytes: 0 };
  for (let i = 0; i < times; i += 1) {
    const t0 = performance.now();
    const answer = await new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: urlPath, headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      });
      req.on('error', reject);
      req.end(body);
    });
    const ms = performance.now() - t0;
    if (ms >= slowest.ms) slowest = { ...answer, ms };
  }
  return slowest;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  if (config.database.kind === 'pglite') config.database = { kind: 'pglite', dir: null };
  if (config.catalogue.search.mode !== 'builtin') throw new Error('The benchmark measures the built-in search: unset ALGOLIA_*');
  // One client address sends every request: the per-address search limit would measure itself.
  const app = await buildApp(config, { seedDemoData: false, rateLimits: { search: { perIp: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } }, everyRoute: { perIp: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } } } });
  try {
    const load0 = performance.now();
    const now = Date.now();
    const sellerIds: string[] = [];
    for (let s = 0; s < 40; s += 1) {
      const userId = randomUUID();
      const sellerId = randomUUID();
      const at = new Date(now);
      await app.db.insert(users).values({ id: userId, email: `bench-${userId}@${config.universityEmailDomain}`, passwordHash: 'x', firstName: 'Bench', lastName: `Seller ${s}`, emailVerifiedAt: at, createdAt: at, updatedAt: at });
      await app.db.insert(sellers).values({ id: sellerId, userId, catalogueName: `${pick(BRANDS, s)} Corner ${s}`, bankName: 'GTBank', accountNumber: '0123456789', accountName: 'Bench', phoneNumber: '08030000000', location: 'Campus', createdAt: at, updatedAt: at });
      sellerIds.push(sellerId);
    }
    for (let start = 0; start < PRODUCTS; start += 500) {
      const rows = Array.from({ length: Math.min(500, PRODUCTS - start) }, (_, k) => {
        const i = start + k;
        const name = `${pick(BRANDS, i * 7)} ${pick(ITEMS, i * 3)} ${pick(EXTRAS, i)}`;
        const created = new Date(now - i * 60_000);
        return {
          id: randomUUID(),
          slug: makeSlug(name),
          sellerId: pick(sellerIds, i),
          categoryId: pick(DEFAULT_CATEGORIES, i * 5).id,
          name,
          description: `${name}. ${pick(EXTRAS, i * 11)}, pickup at ${pick(['Moremi Hall', 'Jaja Hall', 'the library', 'Faculty of Science'], i)}.`,
          priceKobo: 50_000 + ((i * 7919) % 60_000_000),
          stockQuantity: i % 13,
          photos: [],
          createdAt: created,
          updatedAt: created,
        };
      });
      await app.db.insert(products).values(rows);
    }
    const indexed = await app.catalogue.search.rebuild();
    const loadSeconds = (performance.now() - load0) / 1000;

    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    const s = config.catalogue.search;
    const credentials = `x-algolia-application-id=${encodeURIComponent(s.appId)}&x-algolia-api-key=${encodeURIComponent(s.searchApiKey)}`;
    const search: Target = {
      method: 'POST',
      path: () => `/1/indexes/*/queries?${credentials}`,
      body: (i) => {
        const { indexSuffix, ...params } = pick(QUERIES, i);
        return JSON.stringify({ requests: [{ indexName: `${s.indexName}${typeof indexSuffix === 'string' ? indexSuffix : ''}`, hitsPerPage: 10, ...params }] });
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
    console.log(`Search benchmark: ${indexed} products (${config.database.kind}), loaded and indexed in ${loadSeconds.toFixed(1)} s`);
    console.log(`${REQUESTS} requests per endpoint and level, keep-alive, loopback, Node ${process.version}, ${os.cpus().length} CPU(s)`);
    console.log('');
    console.log(`| ${'endpoint'.padEnd(36)} | concurrency | requests | errors | p50 (ms) | p95 (ms) |  req/s |`);
    console.log(`|${'-'.repeat(38)}|-------------|----------|--------|----------|----------|--------|`);
    for (const { c, h, q } of runs) {
      console.log(row('GET /api/v1/health', c, h));
      console.log(row('POST /1/indexes/*/queries (search)', c, q));
    }
    console.log('');
    for (const { c, h, q } of runs) {
      console.log(`Ratio search/health at concurrency ${c}: p50 x${(q.p50 / h.p50).toFixed(1)}, p95 x${(q.p95 / h.p95).toFixed(1)}, req/s ${((q.rps / h.rps) * 100).toFixed(1)}% of health`);
    }

    // Issue 10's bounds: the costliest request they allow, and the abusive one they refuse.
    const worst = await timedOnce(port, `/1/indexes/*/queries?${credentials}`, JSON.stringify({ requests: costliestAllowed(s.indexName) }), 3);
    const abusive = await timedOnce(port, `/1/indexes/*/queries?${credentials}`, JSON.stringify({ requests: abusiveRequest(s.indexName) }), 3);
    console.log('');
    console.log(`Worst case the bounds allow (${MAX_QUERIES_PER_REQUEST} queries, ${MAX_HITS_PER_REQUEST} hits in all, every facet with ${MAX_VALUES_PER_FACET} values, ${MAX_FILTERS_PER_PARAMETER} numeric filters each, every attribute highlighted):`);
    console.log(`  status ${worst.status}, slowest of 3 ${worst.ms.toFixed(0)} ms, ${(worst.bytes / 1e6).toFixed(2)} MB`);
    console.log(`Abusive request (50 queries of 1000 hits, every facet and highlight): status ${abusive.status}, slowest of 3 ${abusive.ms.toFixed(1)} ms`);
    const errors = runs.reduce((n, r) => n + r.h.errors + r.q.errors, 0) + (worst.status === 200 ? 0 : 1) + (abusive.status === 400 ? 0 : 1);
    if (errors > 0) process.exitCode = 1;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
