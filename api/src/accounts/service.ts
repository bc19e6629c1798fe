/**
 * Accounts' rules: signing up with a verification code, verifying, signing
 * in and out, password resets and changes, the profile. Tables are the
 * repository's; HTTP (limits, statuses) is the routes'.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { databaseErrorCode } from '../db/errors';
import type { UserRow } from '../db/schema';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import {
  dummyCodeHash,
  dummyPasswordHash,
  generateCode,
  generateToken,
  hashCode,
  hashPassword,
  hashToken,
  needsRehash,
  verifyCode,
  verifyPassword,
} from '../lib/crypto';
import { canonicalEmail } from '../lib/canonical-email';
import type { MailMessage } from '../plugins/mailer';
import { resetEmail, signInLockedEmail, verificationEmail, welcomeEmail } from './emails';
import * as repo from './repository';
import { splitName } from './users';

export {
  ACCESS_TOKEN_TTL_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_LIFETIMES,
  SESSION_MAX_AGE_MS,
  type SessionLifetimes,
} from './session-lifetimes';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** What signing in or a renewal answers: the access token and the next renewal token. */
export interface SessionTokens {
  token: string;
  refreshToken: string;
}

/**
 * Sends without making the caller wait for SMTP (answer times stay the same
 * whether or not an account exists); failures are logged.
 */
export function sendMail(app: FastifyInstance, message: MailMessage): void {
  app.mailer.send(message).catch((error: unknown) => {
    app.log.error({ err: error, to: message.to, subject: message.subject }, 'e-mail could not be sent');
  });
}

/** PostgreSQL unique violation (drizzle wraps driver errors in `cause`). */
export const isUniqueViolation = (error: unknown): boolean => databaseErrorCode(error) === '23505';

/** The mailbox an address reaches under the university's rule (lib/canonical-email.ts): one account each. */
export function mailboxOf(app: FastifyInstance, email: string): string {
  return canonicalEmail(email, app.config.universityEmailRule);
}

/** The account of the address's mailbox, whichever spelling of it was typed. */
export function findUserByEmail(app: FastifyInstance, email: string): Promise<UserRow | undefined> {
  return repo.findUserByEmail(app.db, email, mailboxOf(app, email));
}

/**
 * Accounts from before the one-account-per-mailbox rule get their canonical form at start-up, oldest
 * first. One that shares its mailbox with an older account keeps none (it still signs in with its own
 * address) and is logged for a person to settle: nothing is merged or deleted automatically.
 */
export async function fillCanonicalEmails(app: FastifyInstance): Promise<{ filled: number; sharedMailbox: string[] }> {
  const sharedMailbox: string[] = [];
  let filled = 0;
  for (const user of await repo.usersWithoutCanonicalEmail(app.db)) {
    if (await repo.setCanonicalEmail(app.db, user.id, mailboxOf(app, user.email))) filled += 1;
    else sharedMailbox.push(user.id);
  }
  if (sharedMailbox.length > 0) {
    app.log.warn({ userIds: sharedMailbox }, 'accounts sharing a mailbox with an older account: settle them by hand');
  }
  return { filled, sharedMailbox };
}

/** A new session for the user: an access token and a renewal token; only their hashes are stored. */
export async function createSession(app: FastifyInstance, userId: string): Promise<SessionTokens> {
  const tokens = { token: generateToken(), refreshToken: generateToken() };
  const now = app.clock.now();
  await repo.insertSession(app.db, {
    userId,
    tokenHash: hashToken(tokens.token),
    renewalTokenHash: hashToken(tokens.refreshToken),
    now,
    expiresAt: new Date(now.getTime() + app.sessionLifetimes.accessMs),
    idleExpiresAt: new Date(now.getTime() + app.sessionLifetimes.idleMs),
  });
  return tokens;
}

/**
 * The next access and renewal tokens for a renewal token that is live and unused; 401 otherwise (unknown,
 * idle past a week, revoked, or used before, which ends the session: see repository.renewSession).
 */
export async function renewSession(app: FastifyInstance, refreshToken: string): Promise<SessionTokens> {
  const tokens = { token: generateToken(), refreshToken: generateToken() };
  const outcome = await repo.renewSession(app.db, hashToken(refreshToken), {
    tokenHash: hashToken(tokens.token),
    renewalTokenHash: hashToken(tokens.refreshToken),
    now: app.clock.now(),
    accessTtlMs: app.sessionLifetimes.accessMs,
    idleTtlMs: app.sessionLifetimes.idleMs,
    maxAgeMs: app.sessionLifetimes.maxAgeMs,
  });
  if (outcome === 'replayed') app.log.warn('a renewal token was used twice: the session is revoked');
  if (outcome !== 'renewed') throw unauthorized(MESSAGES.generic.unauthorized);
  return tokens;
}

/**
 * A new code replaces any previous one (and resets the attempt counts). The
 * first code keeps the registering client's address (`registeredFrom`); a
 * resend, whoever asks for it, does not change it.
 */
export async function issueVerificationCode(app: FastifyInstance, user: UserRow, registeredFrom: string | null = null): Promise<void> {
  const code = generateCode();
  const now = app.clock.now();
  await repo.upsertVerificationCode(
    app.db,
    user.id,
    { codeHash: await hashCode(code), sentAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) },
    registeredFrom,
  );
  sendMail(app, verificationEmail(app.config, user.email, user.firstName, code));
}

/** An address never verified within this time is free again (no squatting on a student's address). */
export const UNVERIFIED_ACCOUNT_TTL_MS = 24 * 60 * 60 * 1000;

const hasExpiredUnverified = (user: UserRow, now: Date) =>
  !user.emailVerifiedAt && user.createdAt.getTime() + UNVERIFIED_ACCOUNT_TTL_MS <= now.getTime();

export async function register(
  app: FastifyInstance,
  input: { name: string; email: string; password: string },
  clientAddress: string,
): Promise<UserRow> {
  const existing = await findUserByEmail(app, input.email);
  if (existing && hasExpiredUnverified(existing, app.clock.now())) await repo.deleteUnverifiedUser(app.db, existing.id);
  // The spec's neutral text: it never says which spelling of the mailbox holds the account.
  else if (existing) throw conflict(MESSAGES.register.emailExists);
  const passwordHash = await hashPassword(input.password, app.config.passwordHashParams);
  let user: UserRow;
  try {
    user = await repo.insertUser(app.db, {
      email: input.email,
      emailCanonical: mailboxOf(app, input.email),
      passwordHash,
      ...splitName(input.name),
      now: app.clock.now(),
    });
  } catch (error) {
    // Two sign-ups for one mailbox at the same moment: the unique indexes decide.
    if (isUniqueViolation(error)) throw conflict(MESSAGES.register.emailExists);
    throw error;
  }
  await issueVerificationCode(app, user, clientAddress);
  return user;
}

/**
 * Every failure answers the one 400 a wrong code gets, for a missing, a verified or an unverified
 * account alike (an expired or spent code included): the answer never tells whether an account
 * exists. A missing or verified account's code is still checked against a dummy hash, so it costs the same.
 */
export async function verifyEmail(app: FastifyInstance, email: string, code: string, clientAddress: string): Promise<UserRow> {
  const wrongCode = () => badRequest(MESSAGES.verify.invalidCode);
  const user = await findUserByEmail(app, email);
  if (!user || user.emailVerifiedAt) {
    await verifyCode(code, await dummyCodeHash());
    throw wrongCode();
  }

  // Count the attempt before checking it, atomically: at most MAX_CODE_ATTEMPTS checks per code, even in parallel.
  // The registering client has attempts of its own: someone else's wrong codes never use them up.
  const requester = await repo.verificationRequester(app.db, user.id);
  const from = requester === null || requester === clientAddress ? 'requester' : 'others';
  const pending = await repo.countVerificationAttempt(app.db, user.id, MAX_CODE_ATTEMPTS, from);
  const now = app.clock.now();
  // Spent or expired: the code is checked all the same (the answer's cost says nothing either).
  const matches = await verifyCode(code, pending && pending.expiresAt > now ? pending.codeHash : await dummyCodeHash());
  if (!pending || pending.expiresAt <= now || !matches) throw wrongCode();
  const verified = await repo.markEmailVerified(app.db, user, now);
  sendMail(app, welcomeEmail(app.config, verified.email, verified.firstName));
  return verified;
}

/**
 * A new code for an account waiting for verification; nothing for a missing or verified one. The caller
 * answers the same either way (its cooldown is per mailbox, account or not), and both ways hash a code.
 */
export async function resendVerificationCode(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app, email);
  if (user && !user.emailVerifiedAt) await issueVerificationCode(app, user);
  else await hashCode(generateCode());
}

/**
 * The user whose password this is, or null. Unknown e-mail and wrong password
 * answer alike, in about the same time.
 */
export async function checkPassword(app: FastifyInstance, email: string, password: string): Promise<UserRow | null> {
  const params = app.config.passwordHashParams;
  const user = await findUserByEmail(app, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash(params)));
  if (!user || !ok) return null;
  // Hashed at a lower cost than today's (before OWASP's minimum was adopted): upgraded now that we have the password.
  if (needsRehash(user.passwordHash, params))
    await repo.updatePasswordHash(app.db, user.id, await hashPassword(password, params), app.clock.now());
  return user;
}

/** Whether the campus team suspended the account. */
export function isSuspended(app: FastifyInstance, userId: string): Promise<boolean> {
  return repo.isSuspended(app.db, userId);
}

/** One sign-in attempt on an existing account, for its sign-in history. */
export function recordSignIn(
  app: FastifyInstance,
  userId: string,
  how: { ip: string; userAgent: string; success: boolean },
): Promise<void> {
  return repo.insertSignInEvent(app.db, { userId, at: app.clock.now(), ...how });
}

/** A signed-in session for a user whose password was right. */
export async function signIn(app: FastifyInstance, user: UserRow): Promise<SessionTokens> {
  if (!user.emailVerifiedAt) throw forbidden(MESSAGES.login.unverified);
  return createSession(app, user.id);
}

export async function signOut(app: FastifyInstance, sessionId: string): Promise<void> {
  const userId = await repo.revokeSession(app.db, sessionId, app.clock.now());
  if (userId) app.sessionEnds.ended(userId);
}

/** E-mails a single-use reset link when the account exists; the caller answers the same either way. */
/** A new one-hour reset link's token for the user (only its hash is stored). */
async function newResetToken(app: FastifyInstance, userId: string): Promise<string> {
  const token = generateToken();
  const now = app.clock.now();
  await repo.insertPasswordReset(app.db, userId, hashToken(token), now, new Date(now.getTime() + RESET_TOKEN_TTL_MS));
  return token;
}

export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app, email);
  if (!user) return;
  sendMail(app, resetEmail(app.config, user.email, user.firstName, await newResetToken(app, user.id)));
}

/** Tells the owner (when the e-mail is an account) that signing in is locked, with a reset link. */
export async function warnOfSignInLock(app: FastifyInstance, email: string, lockSeconds: number): Promise<void> {
  const user = await findUserByEmail(app, email);
  if (!user) return;
  const minutes = Math.max(1, Math.round(lockSeconds / 60));
  sendMail(app, signInLockedEmail(app.config, user.email, user.firstName, await newResetToken(app, user.id), minutes));
}

/** Answers the e-mail of the account whose password it was. */
export async function resetPassword(app: FastifyInstance, token: string, newPassword: string): Promise<string | null> {
  const now = app.clock.now();
  const tokenHash = hashToken(token);
  // The token first: a bogus token must not cost a password hash.
  if (!(await repo.resetTokenIsUsable(app.db, tokenHash, now))) throw badRequest(MESSAGES.validation.invalidResetLink);
  const passwordHash = await hashPassword(newPassword, app.config.passwordHashParams);
  const userId = await repo.resetPasswordWithToken(app.db, tokenHash, passwordHash, now);
  if (!userId) throw badRequest(MESSAGES.validation.invalidResetLink);
  app.sessionEnds.ended(userId);
  return (await repo.findUserById(app.db, userId))?.email ?? null;
}

/** Whether the old password was right; when it was, the new one is set and every other session ends. */
export async function changePassword(
  app: FastifyInstance,
  user: UserRow,
  sessionId: string,
  oldPassword: string,
  newPassword: string,
): Promise<boolean> {
  if (!(await verifyPassword(oldPassword, user.passwordHash))) return false;
  const passwordHash = await hashPassword(newPassword, app.config.passwordHashParams);
  await repo.setPasswordKeepingSession(app.db, user.id, passwordHash, app.clock.now(), sessionId);
  app.sessionEnds.ended(user.id);
  return true;
}

export async function updateProfile(
  app: FastifyInstance,
  user: UserRow,
  input: { firstName: string; lastName: string; displayName?: string | undefined; email?: string | undefined },
): Promise<UserRow> {
  // The form sends the (disabled) e-mail back; the same address is fine, another one is refused.
  if (input.email !== undefined && input.email !== '' && input.email !== user.email) {
    throw badRequest(MESSAGES.validation.emailCannotBeChanged);
  }
  const updated = await repo.updateUser(app.db, user.id, {
    firstName: input.firstName,
    lastName: input.lastName,
    ...(input.displayName !== undefined ? { displayName: input.displayName || null } : {}),
    updatedAt: app.clock.now(),
  });
  return updated ?? user;
}

/** The authentication hook's check: the signed-in context of a bearer token, or the 401/403 it earns. */
export async function authenticateToken(app: FastifyInstance, token: string | null): Promise<{ sessionId: string; user: UserRow }> {
  if (!token) throw unauthorized(MESSAGES.generic.unauthorized);
  const row = await repo.findSessionWithUser(app.db, hashToken(token));
  if (!row || row.session.revokedAt || row.session.expiresAt <= app.clock.now()) throw unauthorized(MESSAGES.generic.unauthorized);
  if (!row.user.emailVerifiedAt) throw forbidden(MESSAGES.login.unverified);
  return { sessionId: row.session.id, user: row.user };
}
