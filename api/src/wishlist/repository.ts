/** Wishlist entries: one row per (user, product), newest first. */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { wishlistItems } from '../db/schema';

export function wishlistProductIds(db: DbOrTx, userId: string): Promise<Array<{ productId: string }>> {
  return db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
}

/** False when the product was already there (the primary key decides, so two quick taps add it once). */
export async function addWishlistEntry(db: DbOrTx, userId: string, productId: string, now: Date): Promise<boolean> {
  const inserted = await db.insert(wishlistItems).values({ userId, productId, createdAt: now }).onConflictDoNothing().returning();
  return inserted.length > 0;
}

/** False when it was not there. */
export async function removeWishlistEntry(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning();
  return removed.length > 0;
}
