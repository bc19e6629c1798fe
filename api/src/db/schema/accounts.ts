/**
 * The accounts domain's tables (api/src/accounts writes them): students and their sessions,
 * renewal tokens, e-mail verification codes, password resets and sign-in events.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Lower-cased; the university address as the student typed it (mail goes there), never changed after sign-up. */
    email: text('email').notNull(),
    /**
     * The mailbox (lib/canonical-email.ts): one account each. Null only for an account from before the rule
     * that shares its mailbox with an older one (start-up fills the others in and logs these for a person to settle).
     */
    emailCanonical: text('email_canonical'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name'),
    profilePicture: text('profile_picture'),
    role: text('role').notNull().default('Customer'),
    emailVerifiedAt: ts('email_verified_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_email_canonical_key').on(t.emailCanonical)],
);

/**
 * Sessions: a short-lived bearer (access) token, renewed with a one-use renewal token
 * (sessionRenewalTokens). Only SHA-256 hashes are stored, so a database leak yields no usable token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The current access token's hash (the one the API accepts; renewal replaces it). */
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    /** When the current access token stops working. */
    expiresAt: ts('expires_at').notNull(),
    /** When the session ends unless renewed before: slides with every renewal, never past the session's maximum age. */
    idleExpiresAt: ts('idle_expires_at')
      .notNull()
      .default(sql`now()`),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * A session's renewal tokens: each works once (usedAt). One presented again was copied: the session
 * ends for everyone holding it. Kept until the session goes (housekeeping), to recognise such a replay.
 */
export const sessionRenewalTokens = pgTable(
  'session_renewal_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('session_renewal_tokens_session_id_idx').on(t.sessionId)],
);

/** One live e-mail verification code per user; a new code replaces the old one. */
export const emailVerifications = pgTable('email_verifications', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  /** Wrong codes from the client that registered (others' guesses never use these up). */
  attempts: integer('attempts').notNull().default(0),
  /** Wrong codes from any other client address, counted apart. */
  othersAttempts: integer('others_attempts').notNull().default(0),
  /** The client address the account was registered from (null for rows from before it was kept). */
  requestedFrom: text('requested_from'),
  sentAt: ts('sent_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash), index('password_resets_user_id_idx').on(t.userId)],
);

/**
 * Sign-in attempts on an existing account (the console's sign-in history): when, from which address and
 * browser, and whether it let the student in. A mailbox with no account records nothing.
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    success: boolean('success').notNull(),
  },
  (t) => [index('sign_in_events_user_idx').on(t.userId, t.at)],
);

export type UserRow = typeof users.$inferSelect;

export type SessionRow = typeof sessions.$inferSelect;

export type SignInEventRow = typeof signInEvents.$inferSelect;
