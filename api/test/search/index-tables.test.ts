/**
 * The built-in index keeps a record in two tables: search_records,
 * narrow, for matching, filters, facets and sorts; search_documents for the
 * record a hit answers. Saves, deletes and the rebuild keep the two in step,
 * and a page of hits comes back in its sort's order from the documents.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SearchRecord } from '@campus/shared/schemas';
import { sqlClientOf } from '../../src/search';
import { PgSearchEngine } from '../../src/search/engine';
import { PgSearchIndexer } from '../../src/search/index-repository';
import type { SqlClient } from '../../src/search/sql';
import { catalogueTestApp } from '../catalogue-helpers';

const INDEX = `tables_${randomUUID().slice(0, 8)}`;
let app: FastifyInstance;
let sql: SqlClient;
let indexer: PgSearchIndexer;
let engine: PgSearchEngine;

function record(i: number, overrides: Partial<SearchRecord> = {}): SearchRecord {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return {
    objectID: id,
    productId: id,
    slug: `lamp-${i}`,
    name: `Reading lamp ${i}`,
    description: `Rechargeable lamp number ${i}`,
    price: 1000 + i,
    stockQuantity: i % 3,
    categoryId: 'electronics',
    categoryName: 'Electronics',
    sellerId: 'seller-1',
    sellerName: 'Hostel Hacks',
    imageUrls: [],
    createdAt: 1_700_000_000_000 + i,
    updatedAt: 1_700_000_000_000 + i,
    averageRating: 0,
    totalRatings: 0,
    inStock: i % 3 > 0,
    ...overrides,
  };
}

async function idsIn(table: 'search_records' | 'search_documents'): Promise<string[]> {
  const { rows } = await sql.query<{ object_id: string }>(`SELECT object_id FROM ${table} WHERE index_name = $1 ORDER BY object_id`, [
    INDEX,
  ]);
  return rows.map((r) => r.object_id);
}

beforeAll(async () => {
  app = await catalogueTestApp({ SEARCH_INDEX_NAME: INDEX });
  sql = sqlClientOf(app);
  indexer = new PgSearchIndexer(sql, INDEX);
  engine = new PgSearchEngine(sql, [INDEX]);
});

afterAll(async () => {
  await app.close();
});

describe('the two index tables', () => {
  it('saves each record in both, and an update rewrites both', async () => {
    await indexer.saveRecords([record(1), record(2)]);
    expect(await idsIn('search_records')).toEqual([record(1).objectID, record(2).objectID]);
    expect(await idsIn('search_documents')).toEqual([record(1).objectID, record(2).objectID]);

    await indexer.saveRecords([record(1, { name: 'Desk fan 1', price: 7777 })]);
    const { rows } = await sql.query<{ record: SearchRecord; price: number }>(
      'SELECT d.record, r.price FROM search_documents d JOIN search_records r USING (index_name, object_id) WHERE d.index_name = $1 AND d.object_id = $2',
      [INDEX, record(1).objectID],
    );
    expect(rows[0]?.record.name).toBe('Desk fan 1');
    expect(rows[0]?.price).toBe(7777);
    const fan = await engine.search(INDEX, { query: 'fan' });
    expect(fan.hits.map((h) => h.objectID)).toEqual([record(1).objectID]);
  });

  it('deletes from both, and the rebuild leaves no record behind in either', async () => {
    await indexer.deleteRecords([record(2).objectID]);
    expect(await idsIn('search_records')).toEqual([record(1).objectID]);
    expect(await idsIn('search_documents')).toEqual([record(1).objectID]);

    const kept = [3, 4, 5].map((i) => record(i));
    await indexer.replaceAll(kept);
    const expected = kept.map((r) => r.objectID).sort();
    expect(await idsIn('search_records')).toEqual(expected);
    expect(await idsIn('search_documents')).toEqual(expected);
  });

  it('answers each page from the documents in its sort order', async () => {
    const records = Array.from({ length: 25 }, (_, i) => record(100 + i, { price: 5000 - i * 10 }));
    await indexer.replaceAll(records);
    const cheapest = [...records].sort((a, b) => a.price - b.price);
    const page = await engine.search(`${INDEX}_price_asc`, { query: 'lamp', hitsPerPage: 10, page: 1 });
    expect(page.nbHits).toBe(25);
    expect(page.hits.map((h) => h.objectID)).toEqual(cheapest.slice(10, 20).map((r) => r.objectID));
    // The whole record comes back, as saved.
    const { _highlightResult: _, ...first } = page.hits[0] as Record<string, unknown>;
    expect(first).toEqual(cheapest[10]);
    const newest = await engine.search(`${INDEX}_newest`, { query: 'rechargeable', offset: 3, length: 4 });
    expect(newest.hits.map((h) => h.objectID)).toEqual(
      [...records]
        .reverse()
        .slice(3, 7)
        .map((r) => r.objectID),
    );
  });
});
