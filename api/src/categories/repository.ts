/** Categories: the fixed list of things students trade (ensured at every start, idempotent, in production too) and reading it. */
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, type CategoryRow } from '../db/schema';

export const DEFAULT_CATEGORIES: ReadonlyArray<{ id: string; name: string }> = [
  { id: 'electronics', name: 'Electronics' },
  { id: 'clothing', name: 'Clothing' },
  { id: 'books', name: 'Books' },
  { id: 'accessories', name: 'Accessories' },
  { id: 'phones-tablets', name: 'Phones & Tablets' },
  { id: 'computers', name: 'Computers' },
  { id: 'shoes', name: 'Shoes' },
  { id: 'beauty', name: 'Beauty & Personal Care' },
  { id: 'hostel-essentials', name: 'Hostel Essentials' },
  { id: 'food-snacks', name: 'Food & Snacks' },
  { id: 'stationery', name: 'Stationery' },
  { id: 'sports', name: 'Sports & Fitness' },
  { id: 'services', name: 'Services' },
  { id: 'other', name: 'Other' },
];

export async function ensureCategories(db: DbOrTx): Promise<void> {
  await db
    .insert(categories)
    .values(DEFAULT_CATEGORIES.map((c, position) => ({ ...c, position })))
    .onConflictDoNothing();
}

/** A category by id or by name (case-insensitive), as the category page's URL may carry either. */
export async function findCategory(db: DbOrTx, idOrName: string): Promise<CategoryRow | null> {
  const [row] = await db
    .select()
    .from(categories)
    .where(sql`${categories.id} = ${idOrName} OR lower(${categories.name}) = lower(${idOrName})`)
    .limit(1);
  return row ?? null;
}

/** The categories in their display order. */
export function listCategories(db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.position), asc(categories.name));
}
