/**
 * The e-mails sent, as the test-support interface reads them (platform/test-support.ts): kept only
 * while that interface is on (TEST_SUPPORT_SECRET, never under NODE_ENV=production), in the shared
 * database so that every API instance answers with what any instance sent.
 */
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const testSupportSentEmails = pgTable(
  'test_support_sent_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The recipient, lower-cased: the interface looks an address up whatever its spelling. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('test_support_sent_emails_recipient_idx').on(t.recipient, t.id)],
);
