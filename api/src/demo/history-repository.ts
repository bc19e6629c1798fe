/** What the demo history reads (stores, their products, whether money ever moved) and the extra demo students it adds. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { payments, products, sellers, users } from '../db/schema';

export interface DemoStoreRow {
  sellerId: string;
  ownerId: string;
  ownerEmail: string;
  catalogueName: string;
}

/** The stores owned by these e-mail addresses. */
export async function storesOwnedBy(db: DbOrTx, emails: readonly string[]): Promise<DemoStoreRow[]> {
  if (emails.length === 0) return [];
  return db
    .select({ sellerId: sellers.id, ownerId: users.id, ownerEmail: users.email, catalogueName: sellers.catalogueName })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(inArray(users.email, [...emails]));
}

export interface DemoProductRow {
  id: string;
  name: string;
  priceKobo: number;
  stockQuantity: number;
  createdAt: Date;
}

export async function productsOfStore(db: DbOrTx, sellerId: string): Promise<DemoProductRow[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      priceKobo: products.priceKobo,
      stockQuantity: products.stockQuantity,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .orderBy(asc(products.createdAt), asc(products.name));
}

/** True once any checkout was ever started: the history is made only before the first. */
export async function anyPaymentExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: payments.id }).from(payments).limit(1);
  return Boolean(row);
}

export async function usersByEmail(db: DbOrTx, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...emails]));
  return new Map(rows.map((r) => [r.email, r.id]));
}
