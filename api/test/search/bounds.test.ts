/**
 * The built-in search endpoint bounds the work one request can ask
 * for. Every over-limit request answers Algolia's `{ message, status }` with
 * 400 (429 for the rate limit, 503 past the time limits), never a 500 and
 * never minutes of work.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SearchRecord } from '@campus/shared/schemas';
import { sqlClientOf } from '../../src/search';
import { PgSearchEngine } from '../../src/search/engine';
import { PgSearchIndexer } from '../../src/search/index-repository';
import { SqlTimeoutError, type SqlClient } from '../../src/search/sql';
import { catalogueTestApp } from '../catalogue-helpers';
import { onPostgres } from '../helpers';

const INDEX = `bounds_${randomUUID().slice(0, 8)}`;
const APP_ID = 'campus-test';
const KEY = 'search-only-test-key';
const ENV = { SEARCH_INDEX_NAME: INDEX, SEARCH_APP_ID: APP_ID, SEARCH_API_KEY: KEY };
/** More distinct values than one facet may answer (1000). */
const RECORDS = 1100;

let app: FastifyInstance;

function record(i: number): SearchRecord {
  return {
    objectID: `p${i}`,
    productId: `p${i}`,
    slug: `item-${i}`,
    name: `Item ${i}`,
    description: 'A thing for sale',
    price: 100 + i,
    stockQuantity: i % 5,
    categoryId: 'books',
    categoryName: 'Books',
    sellerId: `s${i}`,
    sellerName: `Store ${i}`,
    imageUrls: [],
    createdAt: 1_700_000_000_000 + i,
    updatedAt: 1_700_000_000_000 + i,
    averageRating: 0,
    totalRatings: 0,
    inStock: i % 5 !== 0,
  };
}

type AlgoliaAnswer = Record<string, unknown> & { message?: string; status?: number };

async function post(target: FastifyInstance, path: string, payload: unknown, remoteAddress = '127.0.0.1') {
  const res = await target.inject({
    method: 'POST',
    url: path,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'text/plain', 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': KEY },
    remoteAddress,
  });
  return { status: res.statusCode, body: res.json() as AlgoliaAnswer, headers: res.headers };
}
const query = (params: Record<string, unknown>) => post(app, `/1/indexes/${INDEX}/query`, params);
const queries = (requests: Array<Record<string, unknown>>) => post(app, '/1/indexes/*/queries', { requests });

/** A 400 in Algolia's shape whose message names the bound. */
function expectRefused(res: { status: number; body: AlgoliaAnswer }, mentions: string) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ status: 400, message: expect.stringContaining(mentions) });
}

beforeAll(async () => {
  app = await catalogueTestApp(ENV);
  await new PgSearchIndexer(sqlClientOf(app), INDEX).saveRecords(Array.from({ length: RECORDS }, (_, i) => record(i)));
});
afterAll(async () => {
  await app.close();
});

describe('queries and hits per request', () => {
  it('takes at most 10 queries in one multi-query request', async () => {
    const one = { indexName: INDEX, query: 'item', hitsPerPage: 1 };
    expect((await queries(Array.from({ length: 10 }, () => one))).status).toBe(200);
    expectRefused(await queries(Array.from({ length: 11 }, () => one)), 'queries');
    expectRefused(await queries(Array.from({ length: 51 }, () => one)), 'queries');
  });

  it('answers at most 1000 hits per request, whatever the number of queries', async () => {
    const all = await queries([{ indexName: INDEX, hitsPerPage: 1000 }]);
    expect(all.status).toBe(200);
    expect((all.body.results as Array<{ hits: unknown[] }>)[0]?.hits).toHaveLength(1000);
    expectRefused(
      await queries([
        { indexName: INDEX, hitsPerPage: 600 },
        { indexName: INDEX, hitsPerPage: 600 },
      ]),
      'hits',
    );
    expectRefused(
      await queries([{ indexName: INDEX, offset: 0, length: 900 }, { indexName: INDEX }, { indexName: INDEX, hitsPerPage: 100 }]),
      'hits',
    );
    expectRefused(await query({ hitsPerPage: 1001 }), 'hitsPerPage');
  });

  it('refuses a known abusive request (50 queries of 1000 hits, every facet) at once', async () => {
    const heavy = { indexName: INDEX, hitsPerPage: 1000, facets: ['*'], maxValuesPerFacet: 1000, attributesToHighlight: ['*'] };
    const started = performance.now();
    expectRefused(await queries(Array.from({ length: 50 }, () => heavy)), 'queries');
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('filters', () => {
  const many = (n: number, entry: string) => Array.from({ length: n }, () => entry);

  it('refuses 70,000 facetFilters or numericFilters entries with 400, not 500', async () => {
    expectRefused(await query({ facetFilters: many(70_000, 'slug:a') }), 'facetFilters');
    expectRefused(await query({ numericFilters: many(70_000, 'price>1') }), 'numericFilters');
    expectRefused(await query({ facetFilters: [many(70_000, 'slug:a')] }), 'facetFilters');
  });

  it('takes 100 entries per filter parameter, nested ones counted, and refuses 101 (and filters over 4000 characters)', async () => {
    expect((await query({ facetFilters: many(100, 'categoryName:Books') })).status).toBe(200);
    expectRefused(await query({ facetFilters: [...many(50, 'inStock:true'), many(51, 'slug:a')] }), 'facetFilters');
    expect((await query({ numericFilters: many(100, 'price>1') })).status).toBe(200);
    expectRefused(await query({ numericFilters: many(101, 'price>1') }), 'numericFilters');
    expectRefused(await query({ tagFilters: many(101, 'sale') }), 'tagFilters');
    expect((await query({ filters: many(100, 'price > 1').join(' AND ') })).status).toBe(200);
    expectRefused(await query({ filters: many(101, 'price > 1').join(' AND ') }), 'filters');
    expectRefused(await query({ filters: `categoryName:"${'x'.repeat(4000)}"` }), 'filters');
  });
});

describe('strings and attribute lists', () => {
  it('takes a query of up to 512 bytes, counted in UTF-8 as Algolia does', async () => {
    expect((await query({ query: 'a'.repeat(512) })).status).toBe(200);
    expectRefused(await query({ query: 'a'.repeat(513) }), 'query');
    expectRefused(await query({ query: 'é'.repeat(257) }), 'query');
  });

  it('caps facetQuery at 512 bytes', async () => {
    const facetSearch = (facetQuery: string) => post(app, `/1/indexes/${INDEX}/facets/sellerName/query`, { facetQuery });
    expect((await facetSearch('store')).status).toBe(200);
    expectRefused(await facetSearch('é'.repeat(257)), 'facetQuery');
  });

  it('caps attribute lists at 100 names of at most 100 characters', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `attr${i}`);
    expect((await query({ attributesToRetrieve: names(100), attributesToHighlight: names(100), hitsPerPage: 1 })).status).toBe(200);
    expectRefused(await query({ attributesToRetrieve: names(101) }), 'attributesToRetrieve');
    expectRefused(await query({ attributesToHighlight: names(70_000) }), 'attributesToHighlight');
    expectRefused(await query({ attributesToHighlight: ['x'.repeat(101)] }), 'attributesToHighlight');
    expectRefused(await query({ facets: names(101) }), 'facets');
    expectRefused(await query({ attributesToRetrieve: names(101).join(',') }), 'attributesToRetrieve');
  });
});

describe('facet values', () => {
  it('answers at most 1000 values per facet, reading a larger maxValuesPerFacet as 1000 like Algolia', async () => {
    const res = await query({ facets: ['slug'], maxValuesPerFacet: 5000, hitsPerPage: 0 });
    expect(res.status).toBe(200);
    const facets = res.body.facets as Record<string, Record<string, number>>;
    expect(Object.keys(facets.slug ?? {})).toHaveLength(1000);
  });

  it('hands at most 1000 values back from the database to a search for facet values', async () => {
    // Every statement the engine runs, with how many rows it answered.
    const real = sqlClientOf(app);
    const answered: number[] = [];
    const recording: SqlClient = {
      async query<T extends object>(text: string, params?: readonly unknown[]) {
        const result = await real.query<T>(text, params);
        answered.push(result.rows.length);
        return result;
      },
      withTimeLimits: (_limits, work) => work(recording),
    };
    const found = await new PgSearchEngine(recording, [INDEX]).searchForFacetValues(INDEX, 'sellerName', {
      facetQuery: 'store',
      maxFacetHits: 100,
    });
    expect(found.facetHits).toHaveLength(100);
    expect(found.facetHits[0]?.highlighted).toMatch(/^<em>Store<\/em> \d+$/);
    expect(Math.max(...answered)).toBe(1000);
    const narrow = await post(app, `/1/indexes/${INDEX}/facets/sellerName/query`, { facetQuery: 'store 109' });
    expect((narrow.body.facetHits as Array<{ value: string }>).map((h) => h.value).sort()).toEqual([
      'Store 109',
      'Store 1090',
      'Store 1091',
      'Store 1092',
      'Store 1093',
      'Store 1094',
      'Store 1095',
      'Store 1096',
      'Store 1097',
      'Store 1098',
    ]);
  });
});

describe('time limits', () => {
  it(
    onPostgres
      ? 'cancels a statement that runs past statementMs (statement_timeout)'
      : 'lets a statement run past statementMs on PGlite, which never fires statement_timeout',
    async () => {
      const sql = sqlClientOf(app);
      const sleep = sql.withTimeLimits({ statementMs: 50, requestMs: 10_000 }, (bounded) => bounded.query('SELECT pg_sleep(0.5)'));
      if (onPostgres) await expect(sleep).rejects.toBeInstanceOf(SqlTimeoutError);
      else await expect(sleep).resolves.toEqual({ rows: [{ pg_sleep: '' }] });
      // The setting was local to the search's transaction: the connection goes back to the pool without it.
      expect((await sql.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: '0' }]);
    },
  );

  it('starts no statement once requestMs has passed', async () => {
    const twoSteps = sqlClientOf(app).withTimeLimits({ statementMs: 10_000, requestMs: 100 }, async (bounded) => {
      await bounded.query('SELECT pg_sleep(0.2)');
      return bounded.query('SELECT 1');
    });
    await expect(twoSteps).rejects.toBeInstanceOf(SqlTimeoutError);
  });

  it('answers a search over its time limits with an Algolia-shaped 503', async () => {
    const spy = jest.spyOn(PgSearchEngine.prototype, 'search').mockRejectedValueOnce(new SqlTimeoutError());
    try {
      const res = await query({ query: 'item' });
      expect(res).toMatchObject({ status: 503, body: { status: 503, message: expect.stringContaining('too long') } });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('answers in Algolia shape', () => {
  it('refuses a body the JSON parser cannot read with an Algolia-shaped 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/1/indexes/${INDEX}/query`,
      payload: '{"query": ',
      headers: { 'content-type': 'application/json', 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': KEY },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: expect.any(String) });
  });
});

describe('rate limit', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await catalogueTestApp(ENV, { rateLimits: { search: { perIp: { max: 3, windowMs: 60_000 } } } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 in Algolia shape past the limit per address, counted across every /1/* route', async () => {
    const from = (address: string) => ({
      query: () => post(limited, `/1/indexes/${INDEX}/query`, { query: 'item' }, address),
      queries: () => post(limited, '/1/indexes/*/queries', { requests: [{ indexName: INDEX }] }, address),
      facets: () => post(limited, `/1/indexes/${INDEX}/facets/sellerName/query`, { facetQuery: 's' }, address),
    });
    // Addresses of this test's own: on PostgreSQL the counters are shared by every test of the pass.
    const net = `10.${100 + Math.floor(Math.random() * 150)}.0`;
    const student = from(`${net}.1`);
    expect((await student.query()).status).toBe(200);
    expect((await student.queries()).status).toBe(200);
    expect((await student.facets()).status).toBe(200);
    const over = await student.query();
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ status: 429, message: expect.any(String) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await student.facets()).status).toBe(429);
    // Another address has its own count.
    expect((await from(`${net}.2`).queries()).status).toBe(200);
  });
});
