/**
 * Jest's global setup for the API tests: the migrated template every test database is copied
 * from (database-template.ts), made before any test file runs and handed to them through the
 * environment (jest starts its workers after this, so they inherit it).
 */
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, pgliteTemplate, postgresTemplate } from './database-template';

export default async function globalSetup(): Promise<void> {
  const server = process.env.DATABASE_URL;
  if (server) process.env[POSTGRES_TEMPLATE_ENV] = await postgresTemplate(server);
  else process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplate();
}
