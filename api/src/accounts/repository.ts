/**
 * Accounts' tables (users, sessions, email_verifications, password_resets):
 * the only code that reads or writes them. Tokens and codes arrive here
 * already hashed; the rules about them are the service's.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  accountSuspensions,
  emailVerifications,
  passwordResets,
  sessionRenewalTokens,
  sessions,
  signInEvents,
  users,
  type SessionRow,
  type SignInEventRow,
  type UserRow,
} from '../db/schema';

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

// ---- users ----

/**
 * The account of a mailbox: the one holding its canonical form. An older account that shares the mailbox
 * (canonical form null, see the schema) is still found by the exact address it was registered with.
 */
export async function findUserByEmail(db: DbOrTx, email: string, canonical: string): Promise<UserRow | undefined> {
  const typed = email.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.emailCanonical, canonical), eq(users.email, typed)))
    .orderBy(sql`${users.email} = ${typed} desc`)
    .limit(1);
  return row;
}

/** Accounts without a canonical form yet (from before the rule, or after the rule changed), oldest first. */
export async function usersWithoutCanonicalEmail(db: DbOrTx): Promise<Pick<UserRow, 'id' | 'email'>[]> {
  return db.select({ id: users.id, email: users.email }).from(users).where(isNull(users.emailCanonical)).orderBy(users.createdAt, users.id);
}

/** Gives the account its canonical form unless another account holds it already; answers whether it did. */
export async function setCanonicalEmail(db: DbOrTx, userId: string, canonical: string): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ emailCanonical: canonical })
    .where(and(eq(users.id, userId), sql`not exists (select 1 from ${users} as taken where taken.email_canonical = ${canonical})`))
    .returning({ id: users.id });
  return row !== undefined;
}

export async function insertUser(
  db: DbOrTx,
  /** emailCanonical: the mailbox (registration always gives it; a bench's bulk rows get it at the next start-up). */
  values: { email: string; emailCanonical?: string; passwordHash: string; firstName: string; lastName: string; now: Date },
): Promise<UserRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(users)
    .values({ id: randomUUID(), ...rest, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  userId: string,
  changes: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'displayName'>> & { updatedAt: Date },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

// ---- sessions ----

/** A new session: its first access token and renewal token (hashes), together. */
export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; renewalTokenHash: string; now: Date; expiresAt: Date; idleExpiresAt: Date },
): Promise<void> {
  const { userId, tokenHash, renewalTokenHash, now, expiresAt, idleExpiresAt } = values;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({ id, userId, tokenHash, createdAt: now, expiresAt, idleExpiresAt });
    await tx.insert(sessionRenewalTokens).values({ tokenHash: renewalTokenHash, sessionId: id, createdAt: now });
  });
}

export type Renewal = 'renewed' | 'unknown' | 'ended' | 'replayed';

/**
 * Trades a renewal token for the next pair, in one transaction: the token is claimed with a conditional
 * update, so of two uses (even in parallel) one only renews. Any second use ends the session: someone
 * holds a copy of the token, and neither copy is told apart from the other.
 */
export async function renewSession(
  db: DbOrTx,
  renewalTokenHash: string,
  next: {
    tokenHash: string;
    renewalTokenHash: string;
    now: Date;
    accessTtlMs: number;
    idleTtlMs: number;
    maxAgeMs: number;
  },
): Promise<Renewal> {
  const { now } = next;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ session: sessions })
      .from(sessionRenewalTokens)
      .innerJoin(sessions, eq(sessions.id, sessionRenewalTokens.sessionId))
      .where(eq(sessionRenewalTokens.tokenHash, renewalTokenHash))
      .limit(1);
    if (!found) return 'unknown';
    const { session } = found;
    if (session.revokedAt || session.idleExpiresAt <= now) return 'ended';
    const [claimed] = await tx
      .update(sessionRenewalTokens)
      .set({ usedAt: now })
      .where(and(eq(sessionRenewalTokens.tokenHash, renewalTokenHash), isNull(sessionRenewalTokens.usedAt)))
      .returning({ tokenHash: sessionRenewalTokens.tokenHash });
    if (!claimed) {
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.id));
      return 'replayed';
    }
    const idleExpiresAt = new Date(Math.min(now.getTime() + next.idleTtlMs, session.createdAt.getTime() + next.maxAgeMs));
    const expiresAt = new Date(Math.min(now.getTime() + next.accessTtlMs, idleExpiresAt.getTime()));
    await tx.update(sessions).set({ tokenHash: next.tokenHash, expiresAt, idleExpiresAt }).where(eq(sessions.id, session.id));
    await tx.insert(sessionRenewalTokens).values({ tokenHash: next.renewalTokenHash, sessionId: session.id, createdAt: now });
    return 'renewed';
  });
}

/** The session a token hash names, with its user (the authentication hook's one query). */
export async function findSessionWithUser(db: DbOrTx, tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Revokes the session; answers its user (null: unknown or already revoked). */
export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

/** Of these sessions, the ones neither revoked nor expired at `now`. */
export async function liveSessionIds(db: DbOrTx, sessionIds: readonly string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, [...sessionIds]), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return new Set(rows.map((r) => r.id));
}

/** Revokes every live session of the user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: DbOrTx, userId: string, now: Date, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
}

/** Whether the campus team suspended the account (it may not sign in). */
export async function isSuspended(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: accountSuspensions.userId })
    .from(accountSuspensions)
    .where(eq(accountSuspensions.userId, userId))
    .limit(1);
  return row !== undefined;
}

// ---- e-mail verification codes ----

/** A new code replaces any previous one (and resets the attempt count). */
/** A new code with fresh attempt counts; the registering client's address is kept from the first code on. */
export async function upsertVerificationCode(
  db: DbOrTx,
  userId: string,
  values: { codeHash: string; sentAt: Date; expiresAt: Date },
  requestedFrom: string | null,
): Promise<void> {
  const row = { ...values, attempts: 0, othersAttempts: 0 };
  await db
    .insert(emailVerifications)
    .values({ userId, ...row, requestedFrom })
    .onConflictDoUpdate({ target: emailVerifications.userId, set: row });
}

export async function findVerificationCode(db: DbOrTx, userId: string): Promise<EmailVerificationRow | undefined> {
  const [row] = await db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId));
  return row;
}

/**
 * Counts one attempt at the user's code, atomically, unless it has had
 * `maxAttempts` already: answers the code as counted, or nothing.
 */
export async function countVerificationAttempt(
  db: DbOrTx,
  userId: string,
  maxAttempts: number,
  from: 'requester' | 'others',
): Promise<EmailVerificationRow | undefined> {
  const column = from === 'requester' ? emailVerifications.attempts : emailVerifications.othersAttempts;
  const [row] = await db
    .update(emailVerifications)
    .set(from === 'requester' ? { attempts: sql`${column} + 1` } : { othersAttempts: sql`${column} + 1` })
    .where(and(eq(emailVerifications.userId, userId), lt(column, maxAttempts)))
    .returning();
  return row;
}

/** The registering client's address for the user's code (null when unknown). */
export async function verificationRequester(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ from: emailVerifications.requestedFrom })
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, userId));
  return row?.from ?? null;
}

/** An account never verified whose time ran out: it goes (codes, sessions with it) so the address can register again. */
export async function deleteUnverifiedUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** The code is used up and the address verified, together. */
export async function markEmailVerified(db: DbOrTx, user: UserRow, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, user.id));
    const [row] = await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)).returning();
    return row ?? user;
  });
}

// ---- passwords and reset tokens ----

export async function insertPasswordReset(db: DbOrTx, userId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.insert(passwordResets).values({ id: randomUUID(), userId, tokenHash, createdAt: now, expiresAt });
}

const usableReset = (tokenHash: string, now: Date) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

/** Whether an unused, unexpired reset token has this hash (a cheap indexed lookup). */
export async function resetTokenIsUsable(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: passwordResets.id }).from(passwordResets).where(usableReset(tokenHash, now)).limit(1);
  return row !== undefined;
}

/**
 * Uses the reset token: claiming it and setting the password is one
 * transaction with a conditional update, so a token works once even in
 * parallel. Every other outstanding link of the account and every session
 * are void afterwards. False when the token was not (or no longer) usable.
 */
/** Sets the new password with a usable reset token; answers whose it was (null: no usable token). */
export async function resetPasswordWithToken(db: DbOrTx, tokenHash: string, passwordHash: string, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx.update(passwordResets).set({ usedAt: now }).where(usableReset(tokenHash, now)).returning();
    if (!claimed) return null;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    await revokeUserSessions(tx, claimed.userId, now);
    return claimed.userId;
  });
}

/** The same password, hashed anew (a stronger cost); sessions stay. */
export async function updatePasswordHash(db: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** A new password, every other session revoked and every outstanding reset link voided, together. */
export async function setPasswordKeepingSession(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  now: Date,
  keepSessionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, now, keepSessionId);
    // A reset link mailed before the change would otherwise undo it.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  });
}

export async function findUserById(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The housekeeping: sessions that ended (idle, or past their last access token), or were revoked, before `before`; answers how many went. */
export async function deleteSessionsEndedBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(
      or(
        and(lt(sessions.idleExpiresAt, before), lt(sessions.expiresAt, before)),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before)),
      ),
    )
    .returning({ id: sessions.id });
  return gone.length;
}

/** The housekeeping: reset links that expired, or were used, before `before`; answers how many went. */
export async function deleteResetLinksEndedBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, before), and(isNotNull(passwordResets.usedAt), lt(passwordResets.usedAt, before))))
    .returning({ id: passwordResets.id });
  return gone.length;
}

/** The housekeeping: accounts created before `before` and never verified; answers how many went. */
export async function deleteUnverifiedUsersCreatedBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(users)
    .where(and(isNull(users.emailVerifiedAt), lt(users.createdAt, before)))
    .returning({ id: users.id });
  return gone.length;
}

/** One sign-in attempt on an existing account (the operations console's sign-in history). */
export async function insertSignInEvent(
  db: DbOrTx,
  event: { userId: string; at: Date; ip: string; userAgent: string; success: boolean },
): Promise<void> {
  await db.insert(signInEvents).values({ ...event, userAgent: event.userAgent.slice(0, 300) });
}

/** The account's last sign-in attempts, newest first. */
export async function signInEventsOf(db: DbOrTx, userId: string, limit: number): Promise<SignInEventRow[]> {
  return db
    .select()
    .from(signInEvents)
    .where(eq(signInEvents.userId, userId))
    .orderBy(desc(signInEvents.at), desc(signInEvents.id))
    .limit(limit);
}

/** How many sessions of the user are live now. */
export async function liveSessionCount(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, now)));
  return rows.length;
}

/** Demo people (the demo accounts, the stores' owners, the history's students), made verified: the demo skips sign-up on purpose. */
export async function insertDemoUsers(db: DbOrTx, values: ReadonlyArray<typeof users.$inferInsert>): Promise<void> {
  if (values.length > 0) await db.insert(users).values([...values]);
}
