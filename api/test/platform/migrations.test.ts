/** Two API instances starting at once on one PostgreSQL run the migrations once (an advisory lock). */
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client';
import { onPostgres } from '../helpers';

jest.setTimeout(120_000);

(onPostgres ? test : test.skip)('two instances opening a new, empty database at once both start, and migrate it once', async () => {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `campus_migrate_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  try {
    const [a, b] = await Promise.all([
      openDatabase({ kind: 'postgres', url: url.toString() }),
      openDatabase({ kind: 'postgres', url: url.toString() }),
    ]);
    try {
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const files = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).length;
      expect(applied.rows[0]?.n).toBe(files);
      await check.end();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  } finally {
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
});
