/** Whom a money e-mail goes to: a store's owner, a buyer. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sellers, users } from '../../db/schema';

export async function storeOwner(tx: DbOrTx, sellerId: string): Promise<{ userId: string; email: string; catalogueName: string } | null> {
  const [row] = await tx
    .select({ userId: sellers.userId, email: users.email, catalogueName: sellers.catalogueName })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId))
    .limit(1);
  return row ?? null;
}

export async function buyerEmail(tx: DbOrTx, buyerId: string): Promise<string | null> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, buyerId)).limit(1);
  return row?.email ?? null;
}
