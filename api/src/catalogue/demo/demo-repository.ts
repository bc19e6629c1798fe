/** The demo seed's rows: written straight into the tables (demo data skips the services' rules on purpose). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, ratings, sellers, users } from '../../db/schema';

export async function insertDemoUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(values);
}

export async function insertDemoSeller(db: DbOrTx, values: typeof sellers.$inferInsert): Promise<void> {
  await db.insert(sellers).values(values);
}

export async function insertDemoProduct(db: DbOrTx, values: typeof products.$inferInsert): Promise<void> {
  await db.insert(products).values(values);
}

export async function insertDemoRating(db: DbOrTx, values: typeof ratings.$inferInsert): Promise<void> {
  await db.insert(ratings).values(values);
}

export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function anyStoreExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: sellers.id }).from(sellers).limit(1);
  return Boolean(row);
}
