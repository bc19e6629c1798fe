/**
 * On PostgreSQL (DATABASE_URL), every test file gets a database of its own, created before its
 * first test as a copy of the migrated template (database-template.ts, made by global-setup.ts):
 * as on PGlite, where each app has its own, one file's rows (a store's name, an account's mailbox:
 * both unique) never meet another file's. The apps of one file share it (the cross-instance tests
 * need that). Not dropped: a file's apps may still be closing after its last hook, and the test
 * run's throwaway cluster (scripts/with-postgres.mjs) goes with all of them; on a server of your
 * own, drop the campus_test_* databases after a run.
 */
import { POSTGRES_TEMPLATE_ENV, databaseUrl, withClient } from './database-template';

const server = process.env.DATABASE_URL;

if (server) {
  const name = `campus_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

  beforeAll(async () => {
    const template = process.env[POSTGRES_TEMPLATE_ENV];
    await withClient(server, (admin) => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
    process.env.DATABASE_URL = databaseUrl(server, name);
  });
}
