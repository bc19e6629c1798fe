/** The categories domain's table (api/src/categories writes it). */
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_name_key').on(sql`lower(${t.name})`)],
);

export type CategoryRow = typeof categories.$inferSelect;
