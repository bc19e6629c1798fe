/**
 * The built-in search service driven by the real algoliasearch v5 clients over
 * HTTP: typo tolerance, filters, sorts (replica
 * names), paging, facets, highlighting that cannot inject HTML, credentials,
 * and the index following every product change.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import type { SearchRecord } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { PgSearchEngine } from '../../src/search/engine';
import { catalogueTestApp, createProduct, multipart, send, sellerAccount } from '../catalogue-helpers';
import { get, signedIn } from '../helpers';

const INDEX = `products_${randomUUID().slice(0, 8)}`;
const APP_ID = 'campus-test';
const KEY = 'search-only-test-key';

let app: FastifyInstance;
let host: string;
const clock = new ManualClock(new Date('2026-02-01T09:00:00Z'));
const ids: Record<string, string> = {};

/**
 * The clients' own time-outs (2 s to connect, 5 s to read a search) are for a browser on the real
 * service; here the API shares two cores with a second test run, and a slow answer is not what these
 * tests check (a search timed out is an 'Unreachable hosts' error, not a wrong answer).
 */
const TIMEOUTS = { connect: 30_000, read: 60_000, write: 60_000 };

type Hit = SearchRecord & { _highlightResult?: Record<string, { value: string; matchLevel: string }> };

/** The browser build's way: credentials in the query string, body as text/plain. */
function browserClient() {
  return liteClient(APP_ID, KEY, {
    hosts: [{ url: host, protocol: 'http', accept: 'readWrite' }],
    authMode: 'WithinQueryParameters',
    timeouts: TIMEOUTS,
  });
}

async function search(params: Record<string, unknown>, indexName = INDEX) {
  const { results } = await browserClient().searchForHits<SearchRecord>({ requests: [{ indexName, ...params }] });
  const first = results[0];
  if (!first) throw new Error('no result');
  return { ...first, hits: first.hits as unknown as Hit[] };
}

beforeAll(async () => {
  app = await catalogueTestApp({ SEARCH_INDEX_NAME: INDEX, SEARCH_APP_ID: APP_ID, SEARCH_API_KEY: KEY }, { clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const gadgets = await sellerAccount(app, { catalogueName: 'Gadget Hub' });
  const books = await sellerAccount(app, { catalogueName: 'Book Nook' });
  const listings: Array<[string, string, Record<string, string>]> = [
    [
      'iphone',
      gadgets.sellerId,
      {
        name: 'Apple iPhone 12 Pro 128GB',
        description: 'Face ID works, battery 89%',
        price: '450000',
        categoryId: 'phones-tablets',
        stockQuantity: '2',
        condition: 'fairly-used',
      },
    ],
    [
      'galaxy',
      gadgets.sellerId,
      {
        name: 'Samsung Galaxy A14',
        description: 'Dual SIM, with charger',
        price: '120000',
        categoryId: 'phones-tablets',
        stockQuantity: '4',
        condition: 'new',
      },
    ],
    [
      'case',
      gadgets.sellerId,
      {
        name: '<img src=x onerror=alert(1)> iPhone case',
        description: 'Shockproof <b>case</b> & screen guard',
        price: '5000',
        categoryId: 'accessories',
        stockQuantity: '0',
      },
    ],
    [
      'chem',
      books.sellerId,
      {
        name: 'Organic Chemistry textbook',
        description: 'Morrison and Boyd, 7th edition',
        price: '8500',
        categoryId: 'books',
        stockQuantity: '1',
        condition: 'used',
      },
    ],
    [
      'novel',
      books.sellerId,
      {
        name: 'Things Fall Apart novel',
        description: 'Chinua Achebe classic for LIT 101',
        price: '3500.50',
        categoryId: 'books',
        stockQuantity: '6',
        condition: 'used',
      },
    ],
    [
      'jacket',
      books.sellerId,
      {
        name: 'Denim jacket',
        description: 'Size M, worn twice',
        price: '15000',
        categoryId: 'clothing',
        stockQuantity: '3',
        condition: 'fairly-used',
      },
    ],
    [
      'laptop',
      gadgets.sellerId,
      {
        name: 'HP EliteBook laptop',
        description: 'Core i5 8GB RAM for coding',
        price: '25000',
        categoryId: 'computers',
        stockQuantity: '1',
        condition: 'fairly-used',
      },
    ],
  ];
  for (const [key, sellerId, fields] of listings) {
    clock.advance(60_000);
    const token = sellerId === gadgets.sellerId ? gadgets.token : books.token;
    ids[key] = (await createProduct(app, token, sellerId, fields)).id;
  }
  for (let i = 1; i <= 12; i += 1) {
    clock.advance(60_000);
    ids[`pen${i}`] = (
      await createProduct(app, books.token, books.sellerId, {
        name: `Gel pen pack ${i}`,
        description: 'Blue ink',
        price: String(300 + i),
        categoryId: 'stationery',
      })
    ).id;
  }
  // A rating changes the record too (rating flow lands with orders; here through the service).
  const { refreshRatingSummary } = await import('../../src/products/repository');
  const { ratings } = await import('../../src/db/schema');
  const rater = await signedIn(app);
  const me = (await get(app, '/auth/me', rater.token)).body.data as { id: string };
  await app.db
    .insert(ratings)
    .values({ id: randomUUID(), productId: ids.jacket ?? '', userId: me.id, rating: 5, review: 'Lovely', createdAt: clock.now() });
  await refreshRatingSummary(app.db, ids.jacket ?? '');
  await app.catalogue.search.products([ids.jacket ?? '']);
});
afterAll(async () => {
  await app.close();
});

describe('built-in search with the real algoliasearch client', () => {
  it("finds the iPhone from the typo 'iphnoe' and highlights the match", async () => {
    const res = await search({ query: 'iphnoe' });
    const names = res.hits.map((h) => h.name);
    expect(names).toContain('Apple iPhone 12 Pro 128GB');
    const hit = res.hits.find((h) => h.objectID === ids.iphone);
    expect(hit?._highlightResult?.name?.value).toBe('Apple <em>iPhone</em> 12 Pro 128GB');
    expect(res.nbHits).toBe(2);
    expect(res.processingTimeMS).toBeGreaterThanOrEqual(1);
  });

  it('matches the last word as a prefix while typing, and several words together', async () => {
    expect((await search({ query: 'chem' })).hits.map((h) => h.objectID)).toEqual([ids.chem]);
    expect((await search({ query: 'samsung galax' })).hits.map((h) => h.objectID)).toEqual([ids.galaxy]);
    expect((await search({ query: 'samsung textbook' })).nbHits).toBe(0);
  });

  it('knows the words students use (the campus synonyms): "textbook" finds the Books shelf, "pc" the laptops', async () => {
    const textbook = await search({ query: 'textbook' });
    expect(textbook.hits.map((h) => h.objectID)).toEqual(expect.arrayContaining([ids.chem, ids.novel]));
    // Everything else found is sold by "Book Nook" (the store's name holds "book"), as Algolia would answer.
    expect(textbook.hits.every((h) => h.categoryName === 'Books' || h.sellerName === 'Book Nook')).toBe(true);
    expect(textbook.hits[0]?.objectID).toBe(ids.chem);
    // The novel matched through its category's name, and says so.
    const novel = textbook.hits.find((h) => h.objectID === ids.novel);
    expect(novel?._highlightResult?.categoryName?.value).toBe('<em>Books</em>');
    expect((await search({ query: 'pc' })).hits.map((h) => h.objectID)).toEqual([ids.laptop]);
    expect((await search({ query: 'smartphone' })).hits.map((h) => h.objectID).sort()).toEqual([ids.iphone, ids.galaxy].sort());
    // As in Algolia, a synonym applies to the word as typed: a misspelt "texbook" finds the
    // chemistry textbook by its typo, not the Books shelf.
    expect((await search({ query: 'texbook ' })).hits.map((h) => h.objectID)).toEqual([ids.chem]);
  });

  it('matches a term of several words as a phrase, and a one-way synonym in one direction only', async () => {
    // "laptop charger" stands for "charger" (one way): the Galaxy comes "with charger".
    const laptopCharger = await search({ query: 'laptop charger' });
    expect(laptopCharger.hits.map((h) => h.objectID)).toContain(ids.galaxy);
    // "mobile phone" is a phrase for phones; "mobile" alone is nothing of the kind.
    expect((await search({ query: 'mobile phone ' })).hits.map((h) => h.objectID).sort()).toEqual([ids.iphone, ids.galaxy].sort());
    expect((await search({ query: 'mobile ' })).nbHits).toBe(0);
    // Synonyms narrow with the other words as any word does.
    expect((await search({ query: 'samsung textbook' })).nbHits).toBe(0);
    expect((await search({ query: 'chemistry textbook' })).hits.map((h) => h.objectID)).toEqual([ids.chem]);
  });

  it('highlighting escapes HTML in the data, so a product name cannot inject markup', async () => {
    const res = await search({ query: 'iphone case', highlightPreTag: '<mark>', highlightPostTag: '</mark>' });
    const hit = res.hits.find((h) => h.objectID === ids.case);
    const name = hit?._highlightResult?.name?.value ?? '';
    expect(name).toBe('&lt;img src=x onerror=alert(1)&gt; <mark>iPhone</mark> <mark>case</mark>');
    expect(name).not.toMatch(/<img/);
    expect(hit?._highlightResult?.description?.value).toBe('Shockproof &lt;b&gt;<mark>case</mark>&lt;/b&gt; &amp; screen guard');
  });

  it('filters by category, price band, seller and stock (the marketplace filter syntax)', async () => {
    const books = await search({ query: '', filters: 'categoryName:"Books"' });
    expect(books.hits.map((h) => h.objectID).sort()).toEqual([ids.chem, ids.novel].sort());
    const band = await search({ query: '', filters: 'price:0 TO 9999.99 AND NOT categoryName:"Stationery"' });
    expect(band.hits.map((h) => h.objectID).sort()).toEqual([ids.case, ids.chem, ids.novel].sort());
    const top = await search({ query: '', filters: 'price >= 40000' });
    expect(top.hits.map((h) => h.objectID).sort()).toEqual([ids.iphone, ids.galaxy].sort());
    const band2 = await search({ query: '', filters: `categoryId:books AND price:10000 TO 19999.99` });
    expect(band2.nbHits).toBe(0);
    const inStock = await search({ query: 'iphone', facetFilters: [['inStock:true']] });
    expect(inStock.hits.map((h) => h.objectID)).toEqual([ids.iphone]);
    const bySeller = await search({ query: '', facetFilters: [`sellerName:Gadget Hub`], numericFilters: ['price<=200000'] });
    expect(bySeller.hits.map((h) => h.objectID).sort()).toEqual([ids.galaxy, ids.case, ids.laptop].sort());
  });

  // A fractional bound on an integer attribute once answered 500 (PostgreSQL refused 2.5 for an int parameter).
  it('takes fractional bounds on integer attributes as the integers they mean', async () => {
    const gadgets = (extra: Record<string, unknown>) => search({ query: '', facetFilters: ['sellerName:Gadget Hub'], ...extra });
    const ids_ = async (extra: Record<string, unknown>) => (await gadgets(extra)).hits.map((h) => h.objectID).sort();
    expect(await ids_({ numericFilters: ['stockQuantity<=2.5'] })).toEqual([ids.iphone, ids.case, ids.laptop].sort());
    expect(await ids_({ numericFilters: ['stockQuantity>1.5'] })).toEqual([ids.iphone, ids.galaxy].sort());
    expect(await ids_({ numericFilters: ['stockQuantity<0.5'] })).toEqual([ids.case]);
    expect(await ids_({ numericFilters: ['stockQuantity>=3.2'] })).toEqual([ids.galaxy]);
    expect(await ids_({ numericFilters: ['stockQuantity=2.5'] })).toEqual([]);
    expect(await ids_({ numericFilters: ['stockQuantity!=2.5'] })).toEqual([ids.iphone, ids.galaxy, ids.case, ids.laptop].sort());
    expect(await ids_({ filters: 'stockQuantity:0.5 TO 2.5' })).toEqual([ids.iphone, ids.laptop].sort());
    expect(await ids_({ numericFilters: ['totalRatings<=2.5'] })).toEqual([ids.iphone, ids.galaxy, ids.case, ids.laptop].sort());
  });

  it("filters and facets by the listing's condition; a listing whose seller has not said has none", async () => {
    const used = await search({ query: '', filters: 'condition:"used"' });
    expect(used.hits.map((h) => h.objectID).sort()).toEqual([ids.chem, ids.novel].sort());
    expect(used.hits.every((h) => h.condition === 'used')).toBe(true);
    // The marketplace's shape: a condition ANDed with a category.
    const fairly = await search({ query: '', filters: 'categoryName:"Phones & Tablets" AND condition:"fairly-used"' });
    expect(fairly.hits.map((h) => h.objectID)).toEqual([ids.iphone]);
    const counts = await search({ query: '', facets: ['condition'], hitsPerPage: 0 });
    expect(counts.facets?.condition).toEqual({ 'fairly-used': 3, used: 2, new: 1 });
    const unsaid = await search({ query: '', filters: `objectID:${ids.case ?? ''}` });
    expect(unsaid.hits[0]).not.toHaveProperty('condition');
  });

  it('gives facet counts and price stats', async () => {
    const res = await search({ query: '', facets: ['categoryName', 'price'], hitsPerPage: 0 });
    expect(res.facets?.categoryName).toMatchObject({ Stationery: 12, Books: 2, 'Phones & Tablets': 2, Clothing: 1 });
    expect(res.facets_stats?.price).toMatchObject({ min: 301, max: 450000 });
    expect(res.hits).toEqual([]);
  });

  it('sorts through the replica index names', async () => {
    const base = { query: '', filters: 'NOT categoryName:Stationery', hitsPerPage: 50 };
    const order = async (suffix: string) => (await search(base, `${INDEX}${suffix}`)).hits.map((h) => h.objectID);
    const created = ['iphone', 'galaxy', 'case', 'chem', 'novel', 'jacket', 'laptop'].map((k) => ids[k]);
    expect(await order('_newest')).toEqual([...created].reverse());
    expect(await order('_oldest')).toEqual(created);
    expect(await order('_price_asc')).toEqual(['novel', 'case', 'chem', 'jacket', 'laptop', 'galaxy', 'iphone'].map((k) => ids[k]));
    expect(await order('_price_desc')).toEqual(['iphone', 'galaxy', 'laptop', 'jacket', 'chem', 'case', 'novel'].map((k) => ids[k]));
    expect((await order('_rating'))[0]).toBe(ids.jacket);
    const rated = (await search({ query: 'denim' }, `${INDEX}_rating`)).hits[0];
    expect(rated).toMatchObject({ averageRating: 5, totalRatings: 1 });
  });

  it('pages 0-based with nbHits and nbPages', async () => {
    const pages = await Promise.all([0, 1, 2].map((page) => search({ query: 'pen', hitsPerPage: 5, page }, `${INDEX}_oldest`)));
    expect(pages.map((p) => [p.page, p.nbPages, p.nbHits, p.hitsPerPage, p.hits.length])).toEqual([
      [0, 3, 12, 5, 5],
      [1, 3, 12, 5, 5],
      [2, 3, 12, 5, 2],
    ]);
    const all = pages.flatMap((p) => p.hits.map((h) => h.objectID));
    expect(all).toEqual(Array.from({ length: 12 }, (_, i) => ids[`pen${i + 1}`]));
  });

  it('serves the single-index route and header credentials of the full client, and searches for facet values', async () => {
    const client = algoliasearch(APP_ID, KEY, { hosts: [{ url: host, protocol: 'http', accept: 'readWrite' }], timeouts: TIMEOUTS });
    const single = await client.searchSingleIndex<SearchRecord>({ indexName: INDEX, searchParams: { query: 'achebe' } });
    expect(single.hits.map((h) => h.objectID)).toEqual([ids.novel]);
    const facets = await client.searchForFacetValues({
      indexName: INDEX,
      facetName: 'categoryName',
      searchForFacetValuesRequest: { facetQuery: 'pho' },
    });
    expect(facets.facetHits).toEqual([{ value: 'Phones & Tablets', count: 2, highlighted: '<em>Pho</em>nes &amp; Tablets' }]);
  });

  it('refuses wrong credentials, unknown indices and bad filters the way Algolia does', async () => {
    const wrong = liteClient(APP_ID, 'not-the-key', { hosts: [{ url: host, protocol: 'http', accept: 'readWrite' }], timeouts: TIMEOUTS });
    await expect(wrong.searchForHits({ requests: [{ indexName: INDEX, query: 'x' }] })).rejects.toMatchObject({ status: 403 });
    await expect(search({ query: 'x' }, 'no_such_index')).rejects.toMatchObject({ status: 404 });
    await expect(search({ query: '', filters: 'password:secret' })).rejects.toMatchObject({ status: 400 });
    await expect(search({ query: '', filters: 'price:1 TO' })).rejects.toMatchObject({ status: 400 });
  });

  describe('attribute names and filters that once answered 500 or were dropped', () => {
    async function raw(path: string, payload: Record<string, unknown>) {
      const res = await app.inject({
        method: 'POST',
        url: path,
        payload,
        headers: { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': KEY },
      });
      return { status: res.statusCode, body: res.json() as { message?: string; status?: number; nbHits?: number } };
    }
    const query = (params: Record<string, unknown>) => raw(`/1/indexes/${INDEX}/query`, params);

    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('refuses facets:["%s"] with 400', async (name) => {
      const res = await query({ facets: [name] });
      expect(res).toEqual({ status: 400, body: { message: `Attribute ${name} is not in attributesForFaceting`, status: 400 } });
    });

    it.each(['constructor', '__proto__', 'toString'])('refuses a search for values of facet %s with 400', async (name) => {
      const res = await raw(`/1/indexes/${INDEX}/facets/${name}/query`, { facetQuery: 'a' });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(400);
    });

    it.each(['constructor:x', 'NOT constructor:x', 'toString:x', '__proto__:x', 'constructor > 3', 'hasOwnProperty:1 TO 2'])(
      'refuses filters "%s" with 400 (never a silently dropped filter)',
      async (filters) => {
        const res = await query({ filters });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: 400, message: expect.stringContaining('attributesForFaceting') });
      },
    );

    it('refuses the prototype names in facetFilters and numericFilters too', async () => {
      expect((await query({ facetFilters: ['constructor:x'] })).status).toBe(400);
      expect((await query({ numericFilters: ['constructor>1'] })).status).toBe(400);
    });

    it('caps how deeply filters nest (NOT and parentheses) with 400', async () => {
      expect((await query({ filters: `${'NOT '.repeat(4)}inStock:false` })).status).toBe(200);
      const nots = await query({ filters: `${'NOT '.repeat(300)}inStock:true` });
      expect(nots.status).toBe(400);
      expect(nots.body.message).toContain('nested');
      const parens = await query({ filters: `${'('.repeat(300)}inStock:true${')'.repeat(300)}` });
      expect(parens.status).toBe(400);
    });

    it('answers an unexpected failure as an Algolia-shaped 500 without internals', async () => {
      const spy = jest
        .spyOn(PgSearchEngine.prototype, 'search')
        .mockRejectedValueOnce(new Error('relation "search_records" does not exist'));
      try {
        const res = await query({ query: 'x' });
        expect(res).toEqual({ status: 500, body: { message: 'Internal error', status: 500 } });
      } finally {
        spy.mockRestore();
      }
    });
  });

  it('follows product changes: update, stock, condition, store rename and delete', async () => {
    const seller = await sellerAccount(app, { catalogueName: 'Kettle Corner' });
    const p = await createProduct(app, seller.token, seller.sellerId, {
      name: 'Electric kettle',
      categoryId: 'hostel-essentials',
      stockQuantity: '1',
    });
    expect((await search({ query: 'kettle' })).hits[0]).toMatchObject({
      objectID: p.id,
      inStock: true,
      sellerName: 'Kettle Corner',
      price: 12500.5,
    });
    await send(app, 'PUT', `/sellers/${p.id}/catalogue`, seller.token, multipart({ stockQuantity: '0', price: '9000', condition: 'used' }));
    expect((await search({ query: 'kettle' })).hits[0]).toMatchObject({ inStock: false, stockQuantity: 0, price: 9000, condition: 'used' });
    expect((await search({ query: 'kettle', filters: 'condition:"used"' })).nbHits).toBe(1);
    await send(app, 'PUT', `/sellers/${seller.sellerId}`, seller.token, { catalogueName: 'Hall Appliances' });
    expect((await search({ query: 'kettle' })).hits[0]?.sellerName).toBe('Hall Appliances');
    await send(app, 'DELETE', `/sellers/${p.id}`, seller.token);
    expect((await search({ query: 'kettle' })).nbHits).toBe(0);
  });

  it('tells the browser where to search (GET /api/v1/search/config)', async () => {
    const res = await get(app, '/search/config');
    expect(res.body.data).toMatchObject({
      appId: APP_ID,
      apiKey: KEY,
      indexName: INDEX,
      hosts: [{ url: `localhost:${app.config.port}`, protocol: 'http' }],
    });
    // The host comes from configuration, never from a Host header a client wrote.
    const forged = await app.inject({ method: 'GET', url: '/api/v1/search/config', headers: { host: 'evil.example' } });
    expect(JSON.stringify(forged.json())).not.toContain('evil.example');
  });
});
