/** Stores as they leave the API, and the seller flags of GET /auth/me. */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { SellerProfile, SellerSummary } from '@campus/shared/schemas';
import type { DbOrTx } from '../db/client';
import { carts, products, sellers, type ProductRow, type SellerRow } from '../db/schema';
import type { UserExtras } from '../accounts';

export function toSellerSummary(row: SellerRow): SellerSummary {
  const picture = row.picture?.galleryUrl ?? null;
  return {
    id: row.id,
    catalogueName: row.catalogueName,
    storeDescription: row.storeDescription,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    phoneNumber: row.phoneNumber,
    whatsappNumber: row.whatsappNumber,
    location: row.location,
    cataloguePicture: picture,
    // The uploaded store picture doubles as the catalogue banner.
    catalogueCover: picture,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Average over the store's rated products, weighted by how many ratings each has. */
export async function sellerStats(db: DbOrTx, sellerId: string): Promise<{ averageRating: number; productCount: number }> {
  const [row] = await db
    .select({
      productCount: sql<number>`count(*)::int`,
      ratingSum: sql<number>`coalesce(sum(${products.averageRating} * ${products.totalRatings}), 0)::float8`,
      ratingCount: sql<number>`coalesce(sum(${products.totalRatings}), 0)::int`,
    })
    .from(products)
    .where(eq(products.sellerId, sellerId));
  const count = Number(row?.ratingCount ?? 0);
  const average = count > 0 ? Number(row?.ratingSum ?? 0) / count : 0;
  return { averageRating: Math.round(average * 10) / 10, productCount: Number(row?.productCount ?? 0) };
}

export async function toSellerProfile(db: DbOrTx, row: SellerRow): Promise<SellerProfile> {
  return { ...toSellerSummary(row), userId: row.userId, ...(await sellerStats(db, row.id)) };
}

export async function sellerOfUser(db: DbOrTx, userId: string): Promise<SellerRow | null> {
  const [row] = await db.select().from(sellers).where(eq(sellers.userId, userId)).limit(1);
  return row ?? null;
}

export async function sellerById(db: DbOrTx, id: string): Promise<SellerRow | null> {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, id)).limit(1);
  return row ?? null;
}

/** A product with the store that lists it; null when there is no such product. */
export async function productWithSeller(db: DbOrTx, productId: string): Promise<{ product: ProductRow; seller: SellerRow } | null> {
  const [row] = await db
    .select({ product: products, seller: sellers })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/** What the catalogue adds to the User wire shape (seller flags, cart id); the accounts routes call this. */
export async function catalogueUserExtras(db: DbOrTx, userId: string): Promise<UserExtras> {
  const [seller, [cart]] = await Promise.all([
    sellerOfUser(db, userId),
    db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1),
  ]);
  return { seller: seller ? toSellerSummary(seller) : null, cart: cart ? { id: cart.id } : null };
}

/** The store whose name looks like one with this skeleton (store-names.ts), if any. */
export async function sellerWithNameSkeleton(db: DbOrTx, skeleton: string): Promise<SellerRow | null> {
  const [row] = await db.select().from(sellers).where(eq(sellers.catalogueNameSkeleton, skeleton)).limit(1);
  return row ?? null;
}

export type NewSeller = Pick<
  SellerRow,
  | 'userId'
  | 'catalogueName'
  | 'catalogueNameSkeleton'
  | 'storeDescription'
  | 'bankName'
  | 'accountNumber'
  | 'accountName'
  | 'phoneNumber'
  | 'whatsappNumber'
  | 'location'
  | 'picture'
> &
  Partial<Pick<SellerRow, 'bankCode' | 'bankAccountName'>>;

/** The user's one store; null when they have one already or its name's skeleton is taken (the unique indexes decide between two quick submits). */
export async function insertSeller(db: DbOrTx, values: NewSeller, now: Date): Promise<SellerRow | null> {
  const [row] = await db
    .insert(sellers)
    .values({ id: randomUUID(), ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateSeller(db: DbOrTx, sellerId: string, changes: Partial<SellerRow>): Promise<SellerRow | undefined> {
  const [row] = await db.update(sellers).set(changes).where(eq(sellers.id, sellerId)).returning();
  return row;
}

/** Sets a store's name key where it has none yet (the start-up name check fills in stores made before keys existed). */
export async function fillStoreNameSkeleton(db: DbOrTx, sellerId: string, skeleton: string): Promise<void> {
  await db
    .update(sellers)
    .set({ catalogueNameSkeleton: skeleton })
    .where(and(eq(sellers.id, sellerId), isNull(sellers.catalogueNameSkeleton)));
}

/**
 * Keeps the bank code (and holder's name) of a store saved before they were kept, unless the account was saved
 * again meanwhile (then `savedAs` no longer matches, or the code is there).
 */
export async function recordStoreBankCode(
  db: DbOrTx,
  sellerId: string,
  record: { bankCode: string; bankAccountName: string; savedAs: { accountNumber: string; bankName: string } },
): Promise<void> {
  await db
    .update(sellers)
    .set({ bankCode: record.bankCode, bankAccountName: record.bankAccountName })
    .where(
      and(
        eq(sellers.id, sellerId),
        eq(sellers.accountNumber, record.savedAs.accountNumber),
        eq(sellers.bankName, record.savedAs.bankName),
        or(isNull(sellers.bankCode), isNull(sellers.bankAccountName)),
      ),
    );
}

export async function insertDemoSeller(db: DbOrTx, values: typeof sellers.$inferInsert): Promise<void> {
  await db.insert(sellers).values(values);
}
