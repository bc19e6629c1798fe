/**
 * The catalogue's tables: sellers (stores), categories, products and their
 * photos, ratings, carts, wishlists, and the built-in search index. Money is
 * integer kobo. Re-exported from schema/index.ts so drizzle sees one schema.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SearchRecord } from '@campus/shared/schemas';
import type { ProductCondition } from '@campus/shared/constants';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A stored photo: both sizes' object keys (for deletion) and the addresses browsers load. */
export interface PhotoRef {
  id: string;
  cardKey: string;
  galleryKey: string;
  cardUrl: string;
  galleryUrl: string;
}

export const sellers = pgTable(
  'sellers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogueName: text('catalogue_name').notNull(),
    /**
     * The name as it looks (sellers/store-names.ts: Unicode's confusable skeleton, case and spaces
     * folded): unique, so no store can take a name that passes for another's. Null on a store whose
     * name looked like an older store's before names were compared (reported at start, never changed).
     */
    catalogueNameSkeleton: text('catalogue_name_skeleton'),
    storeDescription: text('store_description'),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /**
     * Where payouts go, as the bank confirmed it when the account was saved:
     * Paystack's bank code and the holder's name the bank gave. Null on stores
     * saved before they were kept: the first payout derives and stores them.
     */
    bankCode: text('bank_code'),
    bankAccountName: text('bank_account_name'),
    /** When the payout account last changed (null: never since the store opened); payouts wait 24 hours after it. */
    bankAccountChangedAt: ts('bank_account_changed_at'),
    phoneNumber: text('phone_number').notNull(),
    whatsappNumber: text('whatsapp_number'),
    location: text('location').notNull(),
    picture: jsonb('picture').$type<PhotoRef>(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  // One store per user, enforced by the database as well as the route.
  (t) => [uniqueIndex('sellers_user_id_key').on(t.userId), uniqueIndex('sellers_catalogue_name_skeleton_key').on(t.catalogueNameSkeleton)],
);

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_name_key').on(sql`lower(${t.name})`)],
);

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

export const ratings = pgTable(
  'ratings',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    review: text('review'),
    /**
     * The purchase rated (a purchase is rated once per order item). Its foreign key to
     * order_items is in migration 0003 (declaring it here would make the two
     * schema files import each other). Null on ratings from before purchases.
     */
    orderItemId: text('order_item_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ratings_order_item_key')
      .on(t.orderItemId)
      .where(sql`${t.orderItemId} IS NOT NULL`),
    uniqueIndex('ratings_product_user_key')
      .on(t.productId, t.userId)
      .where(sql`${t.orderItemId} IS NULL`),
    check('ratings_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('carts_user_id_key').on(t.userId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_product_key').on(t.cartId, t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

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

export type SellerRow = typeof sellers.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type RatingRow = typeof ratings.$inferSelect;
export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
