/**
 * Rate-limit and lock-out counters, in the database so that every
 * API instance shares them and a restart forgives nothing. One row per key
 * (`<limit>:<what is counted>`): the hits in the current window and when the
 * window ends. Rows past their end are dead and pruned.
 */
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
