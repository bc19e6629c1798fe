/**
 * Rows of the audit log: one written per operator action (in that action's transaction),
 * and the log read back with the console's filters. The database refuses to change or
 * delete a row (a trigger, see the migration). Queries only; audit.ts is the one writer.
 */
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, type AuditRow } from '../db/schema';
import { containsPattern } from '../db/like';

export async function insertAudit(db: DbOrTx, row: Omit<typeof auditLog.$inferInsert, 'id'>): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilters {
  action?: string | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  operator?: string | undefined;
}

export async function listAudit(db: DbOrTx, filters: AuditFilters, limit: number): Promise<AuditRow[]> {
  const operatorTerm = containsPattern(filters.operator);
  const where: SQL | undefined = and(
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.recordType ? eq(auditLog.recordType, filters.recordType) : undefined,
    filters.recordId ? eq(auditLog.recordId, filters.recordId) : undefined,
    operatorTerm ? ilike(auditLog.operatorEmail, operatorTerm) : undefined,
  );
  return db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(limit);
}
