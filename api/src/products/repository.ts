/**
 * Products as they leave the API (spec section 3) and as the search index
 * holds them. Lists are built with one query per related table, never one per product.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { koboToDecimalString } from '@campus/shared/money';
import type { CatalogueSort } from '@campus/shared/constants';
import type { Product, ProductSummary, Rating, SearchRecord } from '@campus/shared/schemas';
import { containsPattern } from '../db/like';
import type { DbOrTx, Tx } from '../db/client';
import { categories, products, ratings, sellers, users, type ProductRow } from '../db/schema';

export function toDecimal(kobo: number): string {
  return koboToDecimalString(kobo);
}

/** "iPhone 12 Pro (128GB)!" -> "iphone-12-pro-128gb-k3x9q2"; the suffix keeps it unique, the name keeps it readable. */
export function makeSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const suffix = randomBytes(4).readUInt32BE(0).toString(36).padStart(6, '0').slice(-6);
  return base ? `${base}-${suffix}` : suffix;
}

async function related(db: DbOrTx, rows: readonly ProductRow[]) {
  const sellerIds = [...new Set(rows.map((r) => r.sellerId))];
  const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
  const [sellerRows, categoryRows] = await Promise.all([
    sellerIds.length
      ? db.select({ id: sellers.id, catalogueName: sellers.catalogueName }).from(sellers).where(inArray(sellers.id, sellerIds))
      : Promise.resolve([]),
    categoryIds.length
      ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, categoryIds))
      : Promise.resolve([]),
  ]);
  return {
    sellers: new Map(sellerRows.map((s) => [s.id, s])),
    categories: new Map(categoryRows.map((c) => [c.id, c])),
  };
}

/** Every review of the given products, newest first. */
async function ratingsOf(db: DbOrTx, productIds: readonly string[]): Promise<Map<string, Rating[]>> {
  const rows = productIds.length
    ? await db
        .select({
          productId: ratings.productId,
          rating: ratings.rating,
          review: ratings.review,
          createdAt: ratings.createdAt,
          firstName: users.firstName,
        })
        .from(ratings)
        .innerJoin(users, eq(users.id, ratings.userId))
        .where(inArray(ratings.productId, [...productIds]))
        .orderBy(desc(ratings.createdAt))
    : [];
  const ratingsBy = new Map<string, Rating[]>();
  for (const r of rows) {
    const list = ratingsBy.get(r.productId) ?? [];
    list.push({ rating: r.rating, review: r.review, createdAt: r.createdAt.toISOString(), user: { firstName: r.firstName } });
    ratingsBy.set(r.productId, list);
  }
  return ratingsBy;
}

/** Products as a list shows them: no reviews. */
export async function toProductSummaries(db: DbOrTx, rows: readonly ProductRow[]): Promise<ProductSummary[]> {
  if (rows.length === 0) return [];
  const rel = await related(db, rows);
  return rows.map((row) => {
    const category = rel.categories.get(row.categoryId) ?? { id: row.categoryId, name: '' };
    const seller = rel.sellers.get(row.sellerId) ?? { id: row.sellerId, catalogueName: '' };
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      price: toDecimal(row.priceKobo),
      originalPrice: row.originalPriceKobo === null ? null : toDecimal(row.originalPriceKobo),
      stockQuantity: row.stockQuantity,
      inStock: row.stockQuantity > 0,
      condition: row.condition,
      categoryId: row.categoryId,
      category,
      imageUrls: row.photos.map((p) => p.galleryUrl),
      seller,
      averageRating: Math.round(row.averageRating * 10) / 10,
      totalRatings: row.totalRatings,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** Products with their reviews (spec section 3's Product). */
export async function toProducts(db: DbOrTx, rows: readonly ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const [summaries, ratingsBy] = await Promise.all([
    toProductSummaries(db, rows),
    ratingsOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return summaries.map((summary) => ({ ...summary, ratings: ratingsBy.get(summary.id) ?? [] }));
}

export async function toProduct(db: DbOrTx, row: ProductRow): Promise<Product> {
  const [product] = await toProducts(db, [row]);
  if (!product) throw new Error('product could not be built');
  return product;
}

/**
 * Listed: not hidden by an operator nor by its owner's suspension. Every public list, count,
 * product page and search record reads only these; a hidden product is "not found".
 */
export const listedProduct: SQL = isNull(products.hiddenReason);

function productRows(db: DbOrTx, where: SQL | undefined, limit: number, offset: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(listedProduct, where))
    .orderBy(desc(products.createdAt), products.id)
    .limit(limit)
    .offset(offset);
}

/** Products newest first, with their reviews. */
export async function listProducts(db: DbOrTx, where: SQL | undefined, limit: number, offset = 0): Promise<Product[]> {
  return toProducts(db, await productRows(db, where, limit, offset));
}

/** Products newest first, as a list shows them (no reviews). */
export async function listProductSummaries(db: DbOrTx, where: SQL | undefined, limit: number, offset = 0): Promise<ProductSummary[]> {
  return toProductSummaries(db, await productRows(db, where, limit, offset));
}

/** A product by slug or by id (links may carry either). */
export async function findProductRow(db: DbOrTx, slugOrId: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(listedProduct, sql`${products.slug} = ${slugOrId} OR ${products.id} = ${slugOrId}`))
    .limit(1);
  return row ?? null;
}

export async function countProducts(db: DbOrTx, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(listedProduct, where));
  return Number(row?.n ?? 0);
}

/** Search records (spec section 3) for the given products, or for all when ids is undefined. */
export async function searchRecords(db: DbOrTx, ids?: readonly string[]): Promise<SearchRecord[]> {
  const rows = await db
    .select({ p: products, categoryName: categories.name, sellerName: sellers.catalogueName })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(listedProduct, ids ? inArray(products.id, [...ids]) : undefined));
  return rows.map(({ p, categoryName, sellerName }) => ({
    objectID: p.id,
    productId: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    price: p.priceKobo / 100,
    stockQuantity: p.stockQuantity,
    categoryId: p.categoryId,
    categoryName,
    sellerId: p.sellerId,
    sellerName,
    imageUrls: p.photos.map((photo) => photo.cardUrl),
    createdAt: p.createdAt.getTime(),
    updatedAt: p.updatedAt.getTime(),
    averageRating: Math.round(p.averageRating * 10) / 10,
    totalRatings: p.totalRatings,
    inStock: p.stockQuantity > 0,
    // Absent, not null, when the seller has not said: Algolia's records leave unknown attributes out.
    ...(p.condition ? { condition: p.condition } : {}),
  }));
}

/** Keeps a product's rating summary in step with its ratings. */
export async function refreshRatingSummary(db: DbOrTx, productId: string): Promise<void> {
  await db
    .update(products)
    .set({
      averageRating: sql`coalesce((SELECT avg(${ratings.rating})::float8 FROM ${ratings} WHERE ${ratings.productId} = ${productId}), 0)`,
      totalRatings: sql`(SELECT count(*)::int FROM ${ratings} WHERE ${ratings.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}

/** How a store's products can be ordered (spec section 9's catalogue sorts); ties fall to the newest, then the id, so pages never overlap. */
const STORE_ORDER: Record<CatalogueSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  oldest: [asc(products.createdAt), asc(products.id)],
  'price-low': [asc(products.priceKobo), desc(products.createdAt), desc(products.id)],
  'price-high': [desc(products.priceKobo), desc(products.createdAt), desc(products.id)],
  rating: [desc(products.averageRating), desc(products.totalRatings), desc(products.createdAt), desc(products.id)],
};

export interface StoreProductsQuery {
  /** A part of the name or description, case ignored. */
  search?: string;
  categoryId?: string;
  sort: CatalogueSort;
  page: number;
  limit: number;
}

/** One page of a store's products, and how many match in all (the public catalogue and the seller's product list). */
export async function pageStoreProducts(
  db: DbOrTx,
  sellerId: string,
  query: StoreProductsQuery,
): Promise<{ items: ProductSummary[]; totalItems: number }> {
  const term = containsPattern(query.search);
  const where = and(
    listedProduct,
    eq(products.sellerId, sellerId),
    query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
    term ? or(ilike(products.name, term), ilike(products.description, term)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...STORE_ORDER[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { items: await toProductSummaries(db, rows), totalItems: total?.n ?? 0 };
}

/** The categories a store sells in, with how many of its products each holds, by name. */
export function storeCategories(db: DbOrTx, sellerId: string): Promise<Array<{ id: string; name: string; productCount: number }>> {
  return db
    .select({ id: categories.id, name: categories.name, productCount: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(listedProduct, eq(products.sellerId, sellerId)))
    .groupBy(categories.id, categories.name)
    .orderBy(asc(categories.name));
}

/** A category's products, newest first, as a list shows them. */
export function listProductsInCategory(db: DbOrTx, categoryId: string, limit: number): Promise<ProductSummary[]> {
  return listProductSummaries(db, eq(products.categoryId, categoryId), limit);
}

export async function productRowsByIds(db: DbOrTx, ids: readonly string[]): Promise<ProductRow[]> {
  return ids.length
    ? db
        .select()
        .from(products)
        .where(inArray(products.id, [...ids]))
    : [];
}

/** The ids of a store's products (its name is in each of their search records). */
export async function productIdsOfSeller(db: DbOrTx, sellerId: string): Promise<string[]> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.sellerId, sellerId));
  return rows.map((r) => r.id);
}

export type NewProduct = Pick<
  ProductRow,
  'slug' | 'sellerId' | 'categoryId' | 'name' | 'description' | 'priceKobo' | 'stockQuantity' | 'condition' | 'photos'
>;

export async function insertProduct(db: DbOrTx, values: NewProduct, now: Date): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({ id: randomUUID(), ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}

export async function updateProduct(db: DbOrTx, productId: string, changes: Partial<ProductRow>): Promise<ProductRow | undefined> {
  const [row] = await db.update(products).set(changes).where(eq(products.id, productId)).returning();
  return row;
}

export async function deleteProduct(db: DbOrTx, productId: string): Promise<void> {
  await db.delete(products).where(eq(products.id, productId));
}

/** The product's row, locked until the transaction ends (edits of one product take turns). */
export async function lockProduct(tx: Tx, productId: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).limit(1).for('update');
  return row;
}

export async function restockProduct(tx: DbOrTx, productId: string, quantity: number, now: Date): Promise<void> {
  await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}`, updatedAt: now })
    .where(eq(products.id, productId));
}

export async function setHiddenReason(db: DbOrTx, productId: string, reason: ProductRow['hiddenReason']): Promise<void> {
  await db.update(products).set({ hiddenReason: reason }).where(eq(products.id, productId));
}

/** Hides a store's listed products for its owner's suspension; answers their ids. */
export async function hideForSuspension(db: DbOrTx, sellerId: string): Promise<string[]> {
  const rows = await db
    .update(products)
    .set({ hiddenReason: 'suspension' })
    .where(and(eq(products.sellerId, sellerId), isNull(products.hiddenReason)))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

/** Shows again what a suspension hid (an operator's hiding stays); answers their ids. */
export async function showAfterSuspension(db: DbOrTx, sellerId: string): Promise<string[]> {
  const rows = await db
    .update(products)
    .set({ hiddenReason: null })
    .where(and(eq(products.sellerId, sellerId), eq(products.hiddenReason, 'suspension')))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

export async function insertDemoProduct(db: DbOrTx, values: typeof products.$inferInsert): Promise<void> {
  await db.insert(products).values(values);
}

/** Takes bought units out of a product's stock (fulfilment, inside the payment's transaction). */
export async function takeFromStock(tx: DbOrTx, productId: string, quantity: number, now: Date): Promise<void> {
  await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}`, updatedAt: now })
    .where(eq(products.id, productId));
}
