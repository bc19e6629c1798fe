/** The limits' table (api/src/limits writes it): rate counters shared by every instance. */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_counters_reset_idx').on(t.resetAt)],
);
