/** Outbox rows: e-mails queued by a money transaction, claimed and marked sent by the flush (outbox.ts). */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { MailMessage } from '../../plugins/mailer';

export type OutboxEmailRow = typeof outboxEmails.$inferSelect;

/** Queues an e-mail; one already queued under this dedupe key makes it a no-op. */
export async function insertOutboxEmail(db: DbOrTx, dedupeKey: string, message: MailMessage, now: Date): Promise<void> {
  await db
    .insert(outboxEmails)
    .values({ id: randomUUID(), dedupeKey, ...message, createdAt: now })
    .onConflictDoNothing({ target: outboxEmails.dedupeKey });
}

/** Unsent e-mails tried fewer than `maxAttempts` times, oldest first. */
export async function unsentOutboxEmails(db: DbOrTx, maxAttempts: number, limit: number): Promise<OutboxEmailRow[]> {
  return db
    .select()
    .from(outboxEmails)
    .where(and(isNull(outboxEmails.sentAt), lt(outboxEmails.attempts, maxAttempts)))
    .orderBy(asc(outboxEmails.createdAt))
    .limit(limit);
}

/** Counts one more attempt, unless another flush did first or it was sent: false then. */
export async function claimOutboxEmail(db: DbOrTx, mail: Pick<OutboxEmailRow, 'id' | 'attempts'>): Promise<boolean> {
  const claimed = await db
    .update(outboxEmails)
    .set({ attempts: mail.attempts + 1 })
    .where(and(eq(outboxEmails.id, mail.id), eq(outboxEmails.attempts, mail.attempts), isNull(outboxEmails.sentAt)))
    .returning({ id: outboxEmails.id });
  return claimed.length > 0;
}

/** Sent: the body goes (a receipt carries completion codes, which the database keeps only hashed and sealed). */
export async function markOutboxEmailSent(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(outboxEmails).set({ sentAt: now, text: '', html: '' }).where(eq(outboxEmails.id, id));
}
