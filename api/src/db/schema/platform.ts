/** The platform's table (api/src/platform writes it): e-mails the test-support endpoints show. */
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
