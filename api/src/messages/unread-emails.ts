/**
 * E-mails about unread messages: a message from the other side unread for 15
 * minutes sends one e-mail per conversation; the next waits until the student
 * has read the conversation. Off when the student turned it off. The
 * conversation's "e-mailed up to" mark and the outbox row are written in one
 * transaction, and the mark is claimed with a conditional update: two runs at
 * once (two API instances) send one e-mail.
 */
import type { AppConfig } from '../config';
import type { Db, DbOrTx } from '../db/client';
import type { MailMessage } from '../plugins/mailer';
import { unreadMessageEmail } from './emails';
import { claimUnreadEmail, unreadToEmail } from './repository';

export const UNREAD_EMAIL_AFTER_MS = 15 * 60 * 1000;
/** How often the instance looks (a message is e-mailed between 15 and 16 minutes old). */
export const UNREAD_EMAIL_EVERY_MS = 60 * 1000;
const BATCH = 200;

/** Queues an e-mail in the outbox inside the caller's transaction (the money domain's outbox, given by the route map). */
export type QueueEmail = (tx: DbOrTx, dedupeKey: string, message: MailMessage, now: Date) => Promise<void>;

/** One run: answers how many e-mails were queued. */
export async function emailUnreadMessages(db: Db, config: AppConfig, queueEmail: QueueEmail, now: Date): Promise<number> {
  const due = await unreadToEmail(db, new Date(now.getTime() - UNREAD_EMAIL_AFTER_MS), BATCH);
  let queued = 0;
  for (const unread of due) {
    const sent = await db.transaction(async (tx) => {
      const seq = await claimUnreadEmail(tx, unread.conversationId, unread.side);
      if (seq === null) return false;
      const email = unreadMessageEmail(config, unread.recipientEmail, {
        firstName: unread.recipientFirstName,
        fromName: unread.fromName,
        productName: unread.productName,
        conversationId: unread.conversationId,
      });
      await queueEmail(tx, `unread:${unread.conversationId}:${unread.side}:${seq}`, email, now);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
