/** Server secrets generated once and kept in the database (table app_secrets), shared by every instance. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { appSecrets } from './schema';

/** The named secret; the first start of any instance makes it (a race keeps the first one written). */
export async function appSecret(db: DbOrTx, name: string, now: Date): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  if (!row) throw new Error(`secret ${name} could not be created`);
  return row.value;
}
