/**
 * Where product records go when the catalogue changes: the built-in
 * PostgreSQL index (search_records + the search_words list that typo
 * tolerance looks up), or Algolia itself when it is configured.
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

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The upsert: columns are read out of each JSON record inside PostgreSQL, so a batch is one parameter. */
const UPSERT = `
INSERT INTO search_records (index_name, object_id, record, slug, name, description, category_id, category_name,
  seller_id, seller_name, price, stock_quantity, in_stock, average_rating, total_ratings, created_at, updated_at, search)
SELECT $1, r->>'objectID', r, r->>'slug', r->>'name', r->>'description', r->>'categoryId', r->>'categoryName',
  r->>'sellerId', r->>'sellerName', (r->>'price')::float8, (r->>'stockQuantity')::int, (r->>'inStock')::boolean,
  (r->>'averageRating')::float8, (r->>'totalRatings')::int, (r->>'createdAt')::float8, (r->>'updatedAt')::float8,
  setweight(to_tsvector('simple', coalesce(r->>'name', '')), 'A')
    || setweight(to_tsvector('simple', coalesce(r->>'categoryName', '') || ' ' || coalesce(r->>'sellerName', '')), 'B')
    || setweight(to_tsvector('simple', coalesce(r->>'description', '')), 'C')
FROM jsonb_array_elements($2::jsonb) AS r
ON CONFLICT (index_name, object_id) DO UPDATE SET
  record = EXCLUDED.record, slug = EXCLUDED.slug, name = EXCLUDED.name, description = EXCLUDED.description,
  category_id = EXCLUDED.category_id, category_name = EXCLUDED.category_name, seller_id = EXCLUDED.seller_id,
  seller_name = EXCLUDED.seller_name, price = EXCLUDED.price, stock_quantity = EXCLUDED.stock_quantity,
  in_stock = EXCLUDED.in_stock, average_rating = EXCLUDED.average_rating, total_ratings = EXCLUDED.total_ratings,
  created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, search = EXCLUDED.search`;

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
      await this.sql.query(UPSERT, [this.indexName, JSON.stringify(batch)]);
      await this.sql.query(ADD_WORDS, [this.indexName, batch.map((r) => r.objectID)]);
    }
  }

  async deleteRecords(objectIDs: readonly string[]): Promise<void> {
    if (objectIDs.length === 0) return;
    await this.sql.query('DELETE FROM search_records WHERE index_name = $1 AND object_id = ANY($2::text[])', [
      this.indexName,
      [...objectIDs],
    ]);
  }

  async replaceAll(records: readonly SearchRecord[]): Promise<void> {
    await this.saveRecords(records);
    await this.sql.query('DELETE FROM search_records WHERE index_name = $1 AND NOT (object_id = ANY($2::text[]))', [
      this.indexName,
      records.map((r) => r.objectID),
    ]);
  }
}
