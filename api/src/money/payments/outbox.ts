/**
 * E-mails decided inside a money transaction are queued in `outbox_emails`
 * by that transaction and sent after it commits: a crash in between leaves
 * the row, and the next flush sends it. The dedupe key makes queuing the same
 * e-mail twice (a replayed webhook) a no-op.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { MailMessage, Mailer } from '../../plugins/mailer';

/** Tries per e-mail before it is left for a person to look at (the row stays). */
const MAX_ATTEMPTS = 10;

export async function queueEmail(db: DbOrTx, dedupeKey: string, message: MailMessage, now: Date): Promise<void> {
  await db
    .insert(outboxEmails)
    .values({ id: randomUUID(), dedupeKey, ...message, createdAt: now })
    .onConflictDoNothing({ target: outboxEmails.dedupeKey });
}

/** Sends what is queued, oldest first; answers how many went out. */
export async function flushOutbox(db: Db, mailer: Mailer, now: () => Date, log: { warn(o: object, m: string): void }): Promise<number> {
  const due = await db
    .select()
    .from(outboxEmails)
    .where(and(isNull(outboxEmails.sentAt), lt(outboxEmails.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(outboxEmails.createdAt))
    .limit(100);
  let sent = 0;
  for (const mail of due) {
    // Claim it first: two flushes running together must not both send it.
    const claimed = await db
      .update(outboxEmails)
      .set({ attempts: mail.attempts + 1 })
      .where(and(eq(outboxEmails.id, mail.id), eq(outboxEmails.attempts, mail.attempts), isNull(outboxEmails.sentAt)))
      .returning({ id: outboxEmails.id });
    if (claimed.length === 0) continue;
    try {
      await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      // Once sent, the body goes: a receipt carries completion codes, which the database keeps only hashed and sealed.
      await db.update(outboxEmails).set({ sentAt: now(), text: '', html: '' }).where(eq(outboxEmails.id, mail.id));
      sent += 1;
    } catch (error) {
      log.warn({ err: error, dedupeKey: mail.dedupeKey }, 'outbox e-mail not sent; will retry');
    }
  }
  return sent;
}
