/**
 * Product page views ("impressions"): one count per product per UTC day, kept
 * for the analytics window, and the day's dedupe rows (a keyed hash of the
 * viewer, never the viewer itself) that make a student count once per product
 * per day. Dedupe rows are deleted once their day is over, so no history of
 * who looked at what outlives the day.
 */
import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { products } from './catalogue';

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
