/** The installation's own secrets (api/src/db/app-secrets-repository.ts writes them): made once, kept in the database. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Server secrets generated on first start when not configured (the completion-code key on an embedded database). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull(),
});
