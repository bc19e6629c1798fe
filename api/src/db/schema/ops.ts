/**
 * The operations domain's tables (api/src/ops writes them): operators and their second factor,
 * suspensions of accounts, students' reports of listings, and the audit log.
 */
import { bigserial, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';
import { ts } from './columns';
import { products } from './products';
import { sellers } from './sellers';

/** A suspended account: it cannot sign in; its sessions were ended and its listings hidden when it was suspended. */
export const accountSuspensions = pgTable('account_suspensions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  suspendedBy: text('suspended_by').notNull(),
  suspendedAt: ts('suspended_at').notNull(),
});

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
