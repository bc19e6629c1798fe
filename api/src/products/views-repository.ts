/** Product page views: the day's dedupe rows and the daily counts (schema/impressions.ts). */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { products, productViewsDaily, productViewsSeen } from '../db/schema';

export interface SeenView {
  day: string;
  productId: string;
  viewerHash: string;
}

/**
 * Counts the views not yet seen today: the dedupe rows go in with ON CONFLICT
 * DO NOTHING, and only those that went in add to the day's count, in one
 * transaction (two instances flushing the same viewer count it once).
 * Answers how many views were counted.
 */
export async function countNewViews(db: Db, views: readonly SeenView[]): Promise<number> {
  if (views.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Products deleted meanwhile are left out (their counts would have nowhere to go).
    const live = new Set(
      (
        await tx
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, [...new Set(views.map((v) => v.productId))]))
      ).map((r) => r.id),
    );
    const wanted = views.filter((v) => live.has(v.productId));
    if (wanted.length === 0) return 0;
    const fresh = await tx
      .insert(productViewsSeen)
      .values([...wanted])
      .onConflictDoNothing()
      .returning({ day: productViewsSeen.day, productId: productViewsSeen.productId });
    const perDay = new Map<string, { day: string; productId: string; views: number }>();
    for (const f of fresh) {
      const key = `${f.day}|${f.productId}`;
      const entry = perDay.get(key) ?? { day: f.day, productId: f.productId, views: 0 };
      entry.views += 1;
      perDay.set(key, entry);
    }
    if (perDay.size > 0)
      await tx
        .insert(productViewsDaily)
        .values([...perDay.values()])
        .onConflictDoUpdate({
          target: [productViewsDaily.productId, productViewsDaily.day],
          set: { views: sql`${productViewsDaily.views} + excluded.views` },
        });
    return fresh.length;
  });
}

/** Drops the dedupe rows of days before `today` (YYYY-MM-DD): a range of the primary key, cheap when there are none. */
export async function pruneSeenViews(db: DbOrTx, today: string): Promise<void> {
  await db.delete(productViewsSeen).where(lt(productViewsSeen.day, today));
}

/** Drops daily counts before `keepFrom` (YYYY-MM-DD). */
export async function pruneDailyViews(db: DbOrTx, keepFrom: string): Promise<void> {
  await db.delete(productViewsDaily).where(lt(productViewsDaily.day, keepFrom));
}

/** The store's products' views since `fromDay` (YYYY-MM-DD), per product (products never viewed are absent). */
export async function storeProductViews(db: DbOrTx, sellerId: string, fromDay: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: productViewsDaily.productId, views: sql<string>`sum(${productViewsDaily.views})` })
    .from(productViewsDaily)
    .innerJoin(products, eq(products.id, productViewsDaily.productId))
    .where(and(eq(products.sellerId, sellerId), gte(productViewsDaily.day, fromDay)))
    .groupBy(productViewsDaily.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.views)]));
}

/** The dedupe rows left (tests: nothing of a past day remains). */
export async function seenViewDays(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ day: productViewsSeen.day }).from(productViewsSeen);
  return rows.map((r) => r.day);
}

/** One product's daily counts (tests, and the demo's check). */
export async function dailyViews(db: DbOrTx, productId: string): Promise<Array<{ day: string; views: number }>> {
  return db
    .select({ day: productViewsDaily.day, views: productViewsDaily.views })
    .from(productViewsDaily)
    .where(eq(productViewsDaily.productId, productId))
    .orderBy(productViewsDaily.day);
}
