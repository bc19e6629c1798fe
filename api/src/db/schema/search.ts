/**
 * The search domain's tables (api/src/search writes them): the built-in index that stands in
 * for Algolia when no Algolia application is configured.
 */
import type { SearchRecord } from '@campus/shared/schemas';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tsvector } from './columns';

/**
 * The built-in search index: one row per record of spec section 3 with the
 * columns matching, filters, facets and sorts read. It is kept narrow (the
 * record itself is in search_documents) because every search reads each
 * matching row: at 100,000 products a common word matches 10,000 of them.
 */
export const searchRecords = pgTable(
  'search_records',
  {
    indexName: text('index_name').notNull(),
    objectId: text('object_id').notNull(),
    slug: text('slug'),
    categoryId: text('category_id'),
    categoryName: text('category_name'),
    sellerId: text('seller_id'),
    sellerName: text('seller_name'),
    price: doublePrecision('price'),
    stockQuantity: integer('stock_quantity'),
    inStock: boolean('in_stock'),
    condition: text('condition'),
    averageRating: doublePrecision('average_rating'),
    totalRatings: integer('total_ratings'),
    /** Epoch milliseconds, as in the record. */
    createdAt: doublePrecision('created_at'),
    updatedAt: doublePrecision('updated_at'),
    search: tsvector('search').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.indexName, t.objectId] }),
    // fastupdate off: no pending list of unsorted entries that every search would
    // scan (PGlite runs no autovacuum to flush it); product writes are rare.
    index('search_records_search_idx').using('gin', t.search).with({ fastupdate: false }),
    index('search_records_created_idx').on(t.indexName, t.createdAt),
    index('search_records_price_idx').on(t.indexName, t.price),
  ],
);

/** The records a search answers, read by key for the page of hits only. */
export const searchDocuments = pgTable(
  'search_documents',
  {
    indexName: text('index_name').notNull(),
    objectId: text('object_id').notNull(),
    record: jsonb('record').$type<SearchRecord>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.indexName, t.objectId] })],
);

/** Every word in the index, for the typo-tolerant nearest-word lookup (pg_trgm). */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
]);
