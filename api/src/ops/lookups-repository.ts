/**
 * What every section of the console reads of listings, stores and accounts (other
 * domains' tables), and which accounts are suspended: by id, by owner, in bulk.
 * Reads only; the writes of hiding and suspending are in moderation-repository.ts.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountSuspensions, products, sellers, users, type ProductRow, type SellerRow, type UserRow } from '../db/schema';

export async function productById(db: DbOrTx, productId: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  return row;
}

export async function productsByIds(db: DbOrTx, ids: readonly string[]): Promise<ProductRow[]> {
  return ids.length
    ? db
        .select()
        .from(products)
        .where(inArray(products.id, [...ids]))
    : [];
}

export async function sellerById(db: DbOrTx, sellerId: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  return row;
}

export async function sellersByIds(db: DbOrTx, ids: readonly string[]): Promise<SellerRow[]> {
  return ids.length
    ? db
        .select()
        .from(sellers)
        .where(inArray(sellers.id, [...ids]))
    : [];
}

export async function sellerOfUser(db: DbOrTx, userId: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.userId, userId)).limit(1);
  return row;
}

export async function usersByIds(db: DbOrTx, ids: readonly string[]): Promise<UserRow[]> {
  return ids.length
    ? db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]))
    : [];
}

export async function sellersOfUsers(db: DbOrTx, userIds: readonly string[]): Promise<SellerRow[]> {
  return userIds.length
    ? db
        .select()
        .from(sellers)
        .where(inArray(sellers.userId, [...userIds]))
    : [];
}

export async function suspendedAmong(db: DbOrTx, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: accountSuspensions.userId })
    .from(accountSuspensions)
    .where(inArray(accountSuspensions.userId, [...userIds]));
  return new Set(rows.map((r) => r.userId));
}
