/**
 * The record of sent e-mail the test-support interface reads (test-support.ts), in the shared
 * database: with several API instances behind a balancer, the instance that answers a journey's
 * question is rarely the one that sent the e-mail, so no instance may keep its own.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { testSupportSentEmails } from '../db/schema';
import type { SentMailRecord, StoredMail } from '../plugins/mailer';

/** The newest this many e-mails to one address are answered (a journey reads the latest few). */
const LIST_LIMIT = 100;

export function databaseSentMailRecord(db: Db): SentMailRecord {
  return {
    async add({ to, subject, text, createdAt }) {
      await db.insert(testSupportSentEmails).values({ recipient: to.trim().toLowerCase(), subject, text, createdAt: new Date(createdAt) });
    },
    async list(to): Promise<Array<Omit<StoredMail, 'html'>>> {
      const rows = await db
        .select()
        .from(testSupportSentEmails)
        .where(eq(testSupportSentEmails.recipient, to.trim().toLowerCase()))
        .orderBy(desc(testSupportSentEmails.id))
        .limit(LIST_LIMIT);
      return rows.map((r) => ({ to: r.recipient, subject: r.subject, text: r.text, createdAt: r.createdAt.toISOString() }));
    },
  };
}
