/**
 * Where product records go when the catalogue changes: the built-in
 * PostgreSQL index (search_records, search_documents and the search_words list that typo
 * tolerance looks up), or Algolia itself when it is configured (algolia-indexer.ts). This
 * file is the search domain's repository: the only one that writes the index's tables.
 */
import type { SearchRecord } from '@campus/shared/schemas';
import type { SqlClient } from './sql';

export interface SearchIndexer {
  readonly kind: 'builtin' | 'algolia';
  /** Settings and replicas; safe to call on every start. */
  configure(): Promise<void>;
  saveRecords(records: readonly SearchRecord[]): Promise<void>;
  deleteRecords(objectIDs: readonly string[]): Promise<void>;
  /** Makes the index hold exactly these records (the rebuild command). */
  replaceAll(records: readonly SearchRecord[]): Promise<void>;
}

const BATCH = 500;

/** The tables one record has a row in. */
const INDEX_TABLES = ['search_records', 'search_documents'] as const;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The upserts: columns are read out of each JSON record inside PostgreSQL, so a
 * batch is one parameter. search_records holds what matching, filters, facets
 * and sorts read; search_documents the record answered for a hit.
 */
const UPSERT_RECORDS = `
INSERT INTO search_records (index_name, object_id, slug, category_id, category_name,
  seller_id, seller_name, price, stock_quantity, in_stock, condition, average_rating, total_ratings, created_at, updated_at, search)
SELECT $1, r->>'objectID', r->>'slug', r->>'categoryId', r->>'categoryName',
  r->>'sellerId', r->>'sellerName', (r->>'price')::float8, (r->>'stockQuantity')::int, (r->>'inStock')::boolean, r->>'condition',
  (r->>'averageRating')::float8, (r->>'totalRatings')::int, (r->>'createdAt')::float8, (r->>'updatedAt')::float8,
  setweight(to_tsvector('simple', coalesce(r->>'name', '')), 'A')
    || setweight(to_tsvector('simple', coalesce(r->>'categoryName', '') || ' ' || coalesce(r->>'sellerName', '')), 'B')
    || setweight(to_tsvector('simple', coalesce(r->>'description', '')), 'C')
FROM jsonb_array_elements($2::jsonb) AS r
ON CONFLICT (index_name, object_id) DO UPDATE SET
  slug = EXCLUDED.slug, category_id = EXCLUDED.category_id, category_name = EXCLUDED.category_name, seller_id = EXCLUDED.seller_id,
  seller_name = EXCLUDED.seller_name, price = EXCLUDED.price, stock_quantity = EXCLUDED.stock_quantity,
  in_stock = EXCLUDED.in_stock, condition = EXCLUDED.condition, average_rating = EXCLUDED.average_rating, total_ratings = EXCLUDED.total_ratings,
  created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, search = EXCLUDED.search`;

const UPSERT_DOCUMENTS = `
INSERT INTO search_documents (index_name, object_id, record)
SELECT $1, r->>'objectID', r FROM jsonb_array_elements($2::jsonb) AS r
ON CONFLICT (index_name, object_id) DO UPDATE SET record = EXCLUDED.record`;

/** Words of the saved records join the list typo tolerance searches (a stale word only costs a lookup). */
const ADD_WORDS = `
INSERT INTO search_words (word)
SELECT DISTINCT unnest(tsvector_to_array(search)) FROM search_records
WHERE index_name = $1 AND object_id = ANY($2::text[])
ON CONFLICT (word) DO NOTHING`;

export class PgSearchIndexer implements SearchIndexer {
  readonly kind = 'builtin' as const;

  constructor(
    private readonly sql: SqlClient,
    private readonly indexName: string,
  ) {}

  async configure(): Promise<void> {
    // The tables and indexes come from the migrations; nothing else to set up.
  }

  async saveRecords(records: readonly SearchRecord[]): Promise<void> {
    for (const batch of chunks(records, BATCH)) {
      const json = JSON.stringify(batch);
      await this.sql.query(UPSERT_RECORDS, [this.indexName, json]);
      await this.sql.query(UPSERT_DOCUMENTS, [this.indexName, json]);
      await this.sql.query(ADD_WORDS, [this.indexName, batch.map((r) => r.objectID)]);
    }
  }

  async deleteRecords(objectIDs: readonly string[]): Promise<void> {
    if (objectIDs.length === 0) return;
    for (const table of INDEX_TABLES) {
      await this.sql.query(`DELETE FROM ${table} WHERE index_name = $1 AND object_id = ANY($2::text[])`, [this.indexName, [...objectIDs]]);
    }
  }

  async replaceAll(records: readonly SearchRecord[]): Promise<void> {
    await this.saveRecords(records);
    const kept = records.map((r) => r.objectID);
    for (const table of INDEX_TABLES) {
      await this.sql.query(`DELETE FROM ${table} WHERE index_name = $1 AND NOT (object_id = ANY($2::text[]))`, [this.indexName, kept]);
    }
    // Fresh statistics for the planner after a bulk load: without them it reads
    // every row of the index instead of the full-text index (PGlite runs no autovacuum).
    await this.sql.query(`ANALYZE ${INDEX_TABLES.join(', ')}`);
  }
}

/**
 * Drops the typo-tolerance words no indexed product has any more (the housekeeping); answers how
 * many. A word dropped while a product with it is being saved only costs its typo matching until
 * the product is saved again.
 */
export async function pruneUnusedWords(sql: SqlClient): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    `WITH gone AS (
       DELETE FROM search_words WHERE word NOT IN (SELECT DISTINCT unnest(tsvector_to_array(search)) FROM search_records) RETURNING 1
     ) SELECT count(*)::text AS n FROM gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
