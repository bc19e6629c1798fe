/**
 * The audit log, the one place it is written and read. Every operator action writes one
 * audit row in the transaction that makes the change, so an action and its audit row
 * commit together or not at all; the database refuses to change or delete an audit row
 * (a trigger, see the migration). Every section of the console calls `audit()` here.
 */
import type { FastifyInstance } from 'fastify';
import type { AuditEntry, AuditQuery } from '@campus/shared/schemas';
import type { DbOrTx } from '../db/client';
import { insertAudit, listAudit } from './audit-repository';

/** Who acts, from where: the audit row's who and address. */
export interface Actor {
  userId: string;
  email: string;
  ip: string;
}

interface Audited {
  action: string;
  recordType: string;
  recordId: string;
  reason: string;
}

export function audit(db: DbOrTx, actor: Actor, what: Audited, now: Date): Promise<void> {
  return insertAudit(db, { operatorId: actor.userId, operatorEmail: actor.email, ip: actor.ip, createdAt: now, ...what });
}

export async function auditEntries(app: FastifyInstance, query: AuditQuery): Promise<AuditEntry[]> {
  const rows = await listAudit(app.db, query, 500);
  return rows.map((r) => ({
    id: r.id,
    operatorEmail: r.operatorEmail,
    action: r.action,
    recordType: r.recordType,
    recordId: r.recordId,
    reason: r.reason,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
  }));
}
