/**
 * Rows of granting and revoking operators (the command line's action): the account
 * found by its e-mail, and the operators table. Queries only; the rules are in granting.ts.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { operatorElevations, operators, users, type UserRow } from '../db/schema';

export async function findUserByEmailAddress(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/** True when the user was not an operator before. */
export async function insertOperator(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const rows = await db.insert(operators).values({ userId, grantedAt: now }).onConflictDoNothing().returning({ userId: operators.userId });
  return rows.length > 0;
}

/** True when the user was an operator; their elevated sessions end with it. */
export async function deleteOperator(db: DbOrTx, userId: string): Promise<boolean> {
  await db.delete(operatorElevations).where(eq(operatorElevations.userId, userId));
  const rows = await db.delete(operators).where(eq(operators.userId, userId)).returning({ userId: operators.userId });
  return rows.length > 0;
}
