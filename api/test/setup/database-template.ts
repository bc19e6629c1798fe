/**
 * A migrated database made once, that every test's database is copied from instead of being
 * made empty and migrated: on PGlite, initdb alone costs 2.5-7 s per in-memory database (and a
 * file opens up to 14 of them); on PostgreSQL, 22 migrations per test file.
 *
 * - PGlite: a dump of a migrated in-memory data directory (dumpDataDir), in node_modules/.cache,
 *   that an app loads (DatabaseConfig's `template`, test/helpers.ts's testConfig).
 * - PostgreSQL: a database `campus_template_<hash>` on DATABASE_URL's server, copied with
 *   CREATE DATABASE … TEMPLATE (test/setup/database-per-file.ts).
 *
 * Both are named by a hash of the migrations (and PGlite's version), so a new migration makes a
 * new template; the app still runs its migrations on the copy, which finds none left to do.
 * Migrating an empty database is still tested: test/platform/migrations.test.ts (PostgreSQL) and
 * the persistence tests, whose databases live in a directory (PGlite).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client';

const CACHE_DIR = path.resolve(__dirname, '..', '..', '..', 'node_modules', '.cache', 'campus-api-tests');

/** The environment variables the test processes read the templates from. */
export const PGLITE_TEMPLATE_ENV = 'API_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'API_TEST_POSTGRES_TEMPLATE';

/** What a template is made of: every migration file, and the engine's version for PGlite. */
function migrationsHash(extra: string): string {
  const hash = createHash('sha256').update(extra);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(MIGRATIONS_FOLDER, full)).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  // Its package.json is not in its exports: found beside dist/, where its entry point is.
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** The dump's path, made when missing (written under another name, then renamed: a run that stops halfway leaves none). */
export async function pgliteTemplate(): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-${migrationsHash(`pglite ${pgliteVersion()}`)}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  // The extensions and migrations of src/db/client.ts's openDatabase.
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

/** One admin connection to `url` for `work`, closed after it. */
export const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** `server`'s URL naming database `name`. */
export const databaseUrl = (server: string, name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The template database's name on `server`, made when missing: migrated under a name of its own,
 * then renamed, so a run that stops halfway leaves no half-migrated template behind.
 */
export async function postgresTemplate(server: string): Promise<string> {
  const name = `campus_template_${migrationsHash('postgres')}`;
  const exists = await withClient(server, async (admin) => {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (found.rowCount ?? 0) > 0;
  });
  if (exists) return name;
  const building = `${name}_building_${process.pid}`;
  await withClient(server, (admin) => admin.query(`CREATE DATABASE ${building}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(server, building) });
  await database.close();
  await withClient(server, async (admin) => {
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      // Another run made the same template meanwhile (42P04: it exists): use theirs.
      if ((error as { code?: string }).code !== '42P04') throw error;
      await admin.query(`DROP DATABASE ${building}`);
    }
  });
  return name;
}
