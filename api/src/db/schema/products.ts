/**
 * The products domain's tables (api/src/products writes them): listings with their photos and
 * stock, and the daily view counts a store sees. Money is integer kobo.
 */
import type { ProductCondition } from '@campus/shared/constants';
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { ts, type PhotoRef } from './columns';
import { sellers } from './sellers';

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    /** Made from the name once and never changed, so shared links keep working. */
    slug: text('slug').notNull(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceKobo: integer('price_kobo').notNull(),
    originalPriceKobo: integer('original_price_kobo'),
    stockQuantity: integer('stock_quantity').notNull(),
    /** New, fairly used or used; null on listings made before sellers were asked. */
    condition: text('condition').$type<ProductCondition>(),
    photos: jsonb('photos')
      .$type<PhotoRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    averageRating: doublePrecision('average_rating').notNull().default(0),
    totalRatings: integer('total_ratings').notNull().default(0),
    /**
     * Why the listing is out of search, category pages, catalogues and its product page:
     * an operator hid it, or its owner's account is suspended. Null: visible.
     */
    hiddenReason: text('hidden_reason').$type<'operator' | 'suspension'>(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_seller_id_idx').on(t.sellerId),
    index('products_category_id_idx').on(t.categoryId),
    check('products_stock_non_negative', sql`${t.stockQuantity} >= 0`),
    check('products_price_positive', sql`${t.priceKobo} > 0`),
    check('products_condition_known', sql`${t.condition} IN ('new', 'fairly-used', 'used')`),
  ],
);

export type ProductRow = typeof products.$inferSelect;

export const productViewsDaily = pgTable(
  'product_views_daily',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** UTC day, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] }), index('product_views_daily_day_idx').on(t.day)],
);

export const productViewsSeen = pgTable(
  'product_views_seen',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    /** HMAC of the day and the viewer's key (student id or anonymous visitor key) with the installation's secret. */
    viewerHash: text('viewer_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId, t.viewerHash] })],
);
