/** The demo seed's reads; its rows are written through each owner's insertDemo* (demo data skips the services' rules on purpose). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sellers, users } from '../../db/schema';

export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function anyStoreExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: sellers.id }).from(sellers).limit(1);
  return Boolean(row);
}
