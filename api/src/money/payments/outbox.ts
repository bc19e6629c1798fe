/**
 * E-mails decided inside a money transaction are queued in `outbox_emails`
 * by that transaction and sent after it commits: a crash in between leaves
 * the row, and the next flush sends it. The dedupe key makes queuing the same
 * e-mail twice (a replayed webhook) a no-op. Rows are outbox-repository.ts's.
 */
import type { Db, DbOrTx } from '../../db/client';
import type { MailMessage, Mailer } from '../../plugins/mailer';
import { claimOutboxEmail, insertOutboxEmail, markOutboxEmailSent, unsentOutboxEmails } from './outbox-repository';

/** Tries per e-mail before it is left for a person to look at (the row stays). */
const MAX_ATTEMPTS = 10;

export async function queueEmail(db: DbOrTx, dedupeKey: string, message: MailMessage, now: Date): Promise<void> {
  await insertOutboxEmail(db, dedupeKey, message, now);
}

/** Sends what is queued, oldest first; answers how many went out. */
export async function flushOutbox(db: Db, mailer: Mailer, now: () => Date, log: { warn(o: object, m: string): void }): Promise<number> {
  const due = await unsentOutboxEmails(db, MAX_ATTEMPTS, 100);
  let sent = 0;
  for (const mail of due) {
    // Claim it first: two flushes running together must not both send it.
    if (!(await claimOutboxEmail(db, mail))) continue;
    try {
      await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      // Once sent, the body goes: a receipt carries completion codes, which the database keeps only hashed and sealed.
      await markOutboxEmailSent(db, mail.id, now());
      sent += 1;
    } catch (error) {
      log.warn({ err: error, dedupeKey: mail.dedupeKey }, 'outbox e-mail not sent; will retry');
    }
  }
  return sent;
}
