/**
 * Rows of the operator's second factor: the operator row (its sealed TOTP secret,
 * enrolment and last time step taken), its recovery codes, and the sessions it
 * elevated. Queries only; the rules are in second-factor.ts.
 */
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { operatorElevations, operatorRecoveryCodes, operators, type OperatorRow } from '../db/schema';

export async function findOperator(db: DbOrTx, userId: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.userId, userId)).limit(1);
  return row;
}

/** A new secret waiting for its first code; refused (false) once enrolled. */
export async function setPendingSecret(db: DbOrTx, userId: string, secret: string): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpSecret: secret })
    .where(and(eq(operators.userId, userId), isNull(operators.enrolledAt)))
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

/**
 * Takes the TOTP time step if it is later than the last one taken: one statement, so a code
 * (or an earlier one) is never accepted twice, even by two requests at once.
 */
export async function takeTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ lastTotpStep: step })
    .where(and(eq(operators.userId, userId), or(isNull(operators.lastTotpStep), lt(operators.lastTotpStep, step))))
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

export async function markEnrolled(db: DbOrTx, userId: string, now: Date, recoveryCodeHashes: readonly string[]): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ enrolledAt: now })
    .where(and(eq(operators.userId, userId), isNull(operators.enrolledAt)))
    .returning({ userId: operators.userId });
  if (rows.length === 0) return false;
  await db.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
  await db.insert(operatorRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/** Uses a recovery code once: true when it was there and unused. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(operatorRecoveryCodes.userId, userId), eq(operatorRecoveryCodes.codeHash, codeHash), isNull(operatorRecoveryCodes.usedAt)),
    )
    .returning({ userId: operatorRecoveryCodes.userId });
  return rows.length > 0;
}

export async function elevateSession(db: DbOrTx, sessionId: string, userId: string, expiresAt: Date): Promise<void> {
  await db
    .insert(operatorElevations)
    .values({ sessionId, userId, expiresAt })
    .onConflictDoUpdate({ target: operatorElevations.sessionId, set: { userId, expiresAt } });
}

export async function elevationOf(db: DbOrTx, sessionId: string, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: operatorElevations.expiresAt })
    .from(operatorElevations)
    .where(and(eq(operatorElevations.sessionId, sessionId), eq(operatorElevations.userId, userId), gt(operatorElevations.expiresAt, now)))
    .limit(1);
  return row?.expiresAt ?? null;
}
