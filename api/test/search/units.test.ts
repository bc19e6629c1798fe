/**
 * The search and storage building blocks without a server: the filter
 * languages, typo distance, highlighting, the Algolia indexer's calls (through
 * a recording requester) and the catalogue settings' checks (S3 itself:
 * test/photos/s3-storage.test.ts, against a server).
 */
import { loadCatalogueConfig } from '../../src/catalogue/config';
import { AlgoliaSearchIndexer } from '../../src/search/algolia-indexer';
import { facetFiltersToSql, filtersToSql, numericFiltersToSql, SearchParamError } from '../../src/search/filters';
import { highlight } from '../../src/search/highlight';
import { SqlParams } from '../../src/search/sql-params';
import { compileSynonyms, findSynonymSpans } from '../../src/search/synonyms';
import { editDistance } from '../../src/search/text';
import { CAMPUS_SYNONYMS } from '../../src/catalogue/synonyms';

describe('filters', () => {
  it('turns Algolia filter strings into parameterised SQL', () => {
    const p = new SqlParams(['idx']);
    expect(filtersToSql('categoryName:"Phones & Tablets" AND price:10000 TO 19999.99 AND NOT inStock:false', p)).toBe(
      '(lower(category_name) = lower($2) AND price BETWEEN $3 AND $4 AND (NOT in_stock = $5))',
    );
    expect(p.values).toEqual(['idx', 'Phones & Tablets', 10000, 19999.99, false]);
    const q = new SqlParams();
    expect(filtersToSql('(sellerId:a OR sellerId:b) AND price >= 40000', q)).toBe(
      '(((lower(seller_id) = lower($1) OR lower(seller_id) = lower($2))) AND price >= $3)',
    );
  });

  it('refuses unknown attributes and broken syntax, never splicing text into SQL', () => {
    for (const bad of ['password:x', 'price:1 TO', 'categoryName:"open', 'price >= abc', "name:x'; DROP TABLE users; --"]) {
      expect(() => filtersToSql(bad, new SqlParams())).toThrow(SearchParamError);
    }
  });

  it('reads facetFilters (outer AND, inner OR, negation) and numericFilters', () => {
    const p = new SqlParams();
    expect(facetFiltersToSql([['categoryId:books', 'categoryId:clothing'], '-inStock:false'], p)).toBe(
      '(lower(category_id) = lower($1) OR lower(category_id) = lower($2)) AND (NOT in_stock = $3)',
    );
    expect(numericFiltersToSql(['price>=100', 'stockQuantity:1 TO 9'], p)).toBe('price >= $4 AND stock_quantity BETWEEN $5 AND $6');
    expect(numericFiltersToSql('["price<500"]', p)).toBe('price < $7');
  });
});

describe('typo distance and highlighting', () => {
  it('counts a swap of neighbours as one typo', () => {
    expect(editDistance('iphnoe', 'iphone')).toBe(1);
    expect(editDistance('laptpo', 'laptop')).toBe(1);
    expect(editDistance('textbok', 'textbook')).toBe(1);
    expect(editDistance('kettle', 'bottle')).toBe(2);
  });

  it('escapes everything but the tags and reports match levels', () => {
    const m = [
      { queryWord: 'pro', whole: new Set(['pro']), prefix: null },
      { queryWord: 'ma', whole: new Set<string>(), prefix: 'ma' },
    ];
    expect(highlight('MacBook Pro "2019" <script>', m, { pre: '<b>', post: '</b>' })).toEqual({
      value: '<b>Ma</b>cBook <b>Pro</b> &quot;2019&quot; &lt;script&gt;',
      matchLevel: 'full',
      matchedWords: ['pro', 'ma'],
      fullyHighlighted: false,
    });
    expect(highlight('Denim', m, { pre: '<b>', post: '</b>' }).matchLevel).toBe('none');
  });
});

describe('synonyms', () => {
  const rules = compileSynonyms([
    { objectID: 'books', type: 'synonym', synonyms: ['book', 'textbook', 'Text-Book'] },
    { objectID: 'lc', type: 'onewaysynonym', input: 'laptop charger', synonyms: ['charger'] },
    { objectID: 'laptops', type: 'synonym', synonyms: ['laptop', 'pc'] },
  ]);

  it('makes every term of a synonym stand for the others, and a one-way input for its synonyms only', () => {
    const of = (input: string) => rules.find((r) => r.input.join(' ') === input)?.alternatives.map((a) => a.join(' '));
    expect(of('textbook')).toEqual(['book', 'text book']);
    expect(of('text book')).toEqual(['book', 'textbook']);
    expect(of('laptop charger')).toEqual(['charger']);
    expect(of('charger')).toBeUndefined();
  });

  it('takes the longest term at each word, without overlaps', () => {
    expect(findSynonymSpans(['laptop', 'charger', 'pc'], rules)).toEqual([
      { start: 0, end: 2, alternatives: [['charger']] },
      { start: 2, end: 3, alternatives: [['laptop']] },
    ]);
    expect(findSynonymSpans(['laptop', 'bag'], rules).map((s) => [s.start, s.end])).toEqual([[0, 1]]);
    expect(findSynonymSpans(['novel'], rules)).toEqual([]);
  });

  it('gives the campus list as Algolia synonym objects with unique ids', () => {
    const ids = CAMPUS_SYNONYMS.map((s) => s.objectID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(CAMPUS_SYNONYMS.every((s) => (s.synonyms?.length ?? 0) > 0)).toBe(true);
  });
});

describe('Algolia indexer', () => {
  it('configures the primary index with replicas for each sort, and writes records', async () => {
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    const requester = {
      send: async (req: { method: string; url: string; data?: string | Uint8Array }) => {
        calls.push({ method: req.method, url: req.url, body: typeof req.data === 'string' ? JSON.parse(req.data) : undefined });
        return {
          status: 200,
          content: JSON.stringify({ taskID: 1, updatedAt: '2026-01-01T00:00:00Z', objectIDs: ['p1'] }),
          isTimedOut: false,
        };
      },
    };
    const indexer = new AlgoliaSearchIndexer(
      'APPID',
      'admin-key',
      'products',
      [{ objectID: 'books', type: 'synonym', synonyms: ['book', 'textbook'] }],
      { requester },
    );
    await indexer.configure();
    const primary = calls[0];
    expect(primary?.method).toBe('PUT');
    expect(primary?.url).toContain('/1/indexes/products/settings');
    expect(primary?.url).toContain('forwardToReplicas=true');
    expect(primary?.body).toMatchObject({
      replicas: ['products_newest', 'products_oldest', 'products_price_asc', 'products_price_desc', 'products_rating'],
      attributesForFaceting: expect.arrayContaining(['searchable(categoryName)', 'sellerId', 'inStock']),
    });
    const synonyms = calls.find((c) => c.url.includes('/1/indexes/products/synonyms/batch'));
    expect(synonyms?.method).toBe('POST');
    expect(synonyms?.url).toContain('forwardToReplicas=true');
    expect(synonyms?.url).toContain('replaceExistingSynonyms=true');
    expect(synonyms?.body).toEqual([{ objectID: 'books', type: 'synonym', synonyms: ['book', 'textbook'] }]);
    const priceAsc = calls.find((c) => c.url.includes('/1/indexes/products_price_asc/settings'));
    expect(priceAsc?.body).toMatchObject({ ranking: expect.arrayContaining(['asc(price)']) });
    expect((priceAsc?.body as { ranking: string[] }).ranking[0]).toBe('asc(price)');

    calls.length = 0;
    await indexer.deleteRecords(['p1']);
    expect(calls[0]?.url).toContain('/1/indexes/products/batch');
    expect(calls[0]?.body).toEqual({ requests: [{ action: 'deleteObject', body: { objectID: 'p1' } }] });
  });
});

describe('catalogue settings', () => {
  it('defaults to the built-in search and disk photos, and lists every missing Algolia or S3 setting', () => {
    const plain = loadCatalogueConfig({}, '/data');
    expect(plain.problems).toEqual([]);
    expect(plain.config.search).toMatchObject({ mode: 'builtin', indexName: 'products' });
    expect(plain.config.storage).toEqual({ kind: 'disk', dir: '/data/uploads' });
    const partial = loadCatalogueConfig({ ALGOLIA_APP_ID: 'A', S3_BUCKET: 'b' }, '/data');
    expect(partial.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('ALGOLIA_ADMIN_KEY'),
        expect.stringContaining('ALGOLIA_SEARCH_KEY'),
        expect.stringContaining('S3_ENDPOINT'),
        expect.stringContaining('S3_ACCESS_KEY_ID'),
      ]),
    );
    const full = loadCatalogueConfig({ ALGOLIA_APP_ID: 'A', ALGOLIA_ADMIN_KEY: 'adm', ALGOLIA_SEARCH_KEY: 'srch' }, '/data');
    expect(full.config.search).toEqual({ mode: 'algolia', indexName: 'products', appId: 'A', adminKey: 'adm', searchApiKey: 'srch' });
  });
});
