/**
 * The operations console's tables: operators (a role granted from the
 * command line only) with their second factor, the sessions a second factor
 * elevated, students' reports of listings and stores, suspended accounts, and
 * the append-only audit log of operator actions.
 */
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';
import { products, sellers } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An operator; the TOTP secret is set at enrolment and counts once confirmed (enrolledAt). */
export const operators = pgTable('operators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedAt: ts('granted_at').notNull(),
  totpSecret: text('totp_secret'),
  enrolledAt: ts('enrolled_at'),
  /** The last TOTP time step accepted: a code is never accepted twice. */
  lastTotpStep: integer('last_totp_step'),
});

/** Recovery codes, hashed (SHA-256): each works once instead of a TOTP code. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => operators.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** A session whose second factor was checked, until when. */
export const operatorElevations = pgTable('operator_elevations', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export type ReportReason = 'scam' | 'prohibited' | 'counterfeit' | 'offensive' | 'misleading' | 'other';

/** A student's report of a listing or a store (conversations are reported in the messages tables). */
export const contentReports = pgTable(
  'content_reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind').$type<'listing' | 'store'>().notNull(),
    productId: text('product_id').references(() => products.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    handledAt: ts('handled_at'),
  },
  (t) => [index('content_reports_open_idx').on(t.handledAt, t.sellerId)],
);

/**
 * Every operator action, appended and never changed: the database refuses an UPDATE,
 * DELETE or TRUNCATE (a trigger in the migration). No foreign keys, so nothing cascades into it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: text('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    reason: text('reason').notNull(),
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_record_idx').on(t.recordType, t.recordId)],
);

export type OperatorRow = typeof operators.$inferSelect;
export type ContentReportRow = typeof contentReports.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
