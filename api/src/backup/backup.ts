/**
 * `npm run backup` and `npm run restore` (cli.ts), for the embedded default and for PostgreSQL
 * with the S3 store, while the product runs:
 *
 * 1. the photos are copied (every object not copied yet);
 * 2. the database is copied at one moment: PGlite's tarball from the running API (or from the
 *    directory when nothing has it open), PostgreSQL's pg_dump snapshot;
 * 3. the photos are copied again, for those stored while the database was copied.
 *
 * So every photo the copied database names is in the backup (a photo is stored before the row that
 * names it commits, and objects never change), unless it was stored and deleted again within the
 * copy; photos deleted after step 1 are kept, unnamed. A restore goes only into an empty data
 * directory, database and photo store, never over live data, and checks what it restored: every
 * ledger journal balanced, the payments and orders counted (repository.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { photoStorageFor } from '../catalogue';
import type { AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { acquireDirectoryLock, isAlive } from '../db/lock';
import { COPIED_AT_HEADER, MIGRATIONS_HEADER, SNAPSHOT_PATH, readEndpoint } from './embedded-endpoint';
import { BACKUP_FORMAT, BackupError, DATABASE_FILES, PHOTOS_FOLDER, readManifest, writeManifest, type Manifest } from './manifest';
import { knownMigrations } from './migrations';
import { copyPhotosIn, copyPhotosOut, countPhotos } from './photo-copy';
import { dumpPostgres, restorePostgres } from './postgres-tools';
import { checkRestored, type RestoreCheck } from './repository';

export type Say = (line: string) => void;

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

interface DatabaseCopy {
  copiedAt: Date;
  migrations: number;
}

/** The running API's copy of its embedded database, when one serves it; null when none answers. */
async function copyFromRunningApi(config: AppConfig, file: string, say: Say): Promise<DatabaseCopy | null> {
  const endpoint = readEndpoint(config.dataDir);
  if (!endpoint || !isAlive(endpoint.pid)) return null;
  say(`asking the running API (process ${endpoint.pid}) for its database`);
  let answer: Response;
  try {
    answer = await fetch(`${endpoint.url}${SNAPSHOT_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${endpoint.token}` } });
  } catch {
    // A file left by an API that is gone (its pid now someone else's): the directory's lock decides next.
    say('no answer there: the API is gone');
    return null;
  }
  if (!answer.ok) throw new BackupError(`The running API refused the copy: HTTP ${answer.status} ${await answer.text()}`);
  await writeFile(file, Buffer.from(await answer.arrayBuffer()));
  const copiedAt = new Date(answer.headers.get(COPIED_AT_HEADER) ?? '');
  return {
    copiedAt: Number.isNaN(copiedAt.getTime()) ? new Date() : copiedAt,
    migrations: Number(answer.headers.get(MIGRATIONS_HEADER) ?? 0),
  };
}

/**
 * The embedded database's copy: from the running API, or, when none has the directory open, from
 * the directory itself, opened as it is (not migrated, never made: a wrong DATA_DIR is an error, not
 * an empty backup) under its lock.
 */
async function copyPglite(config: AppConfig, dir: string, file: string, say: Say): Promise<DatabaseCopy> {
  const served = await copyFromRunningApi(config, file, say);
  if (served) return served;
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database at ${dir}: is DATA_DIR the product's?`);
  const release = acquireDirectoryLock(dir);
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  try {
    await client.waitReady;
    const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations');
    const copiedAt = new Date();
    const tarball = await client.dumpDataDir('gzip');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
    return { copiedAt, migrations: rows[0]?.count ?? 0 };
  } finally {
    await client.close();
    release();
  }
}

async function copyPostgres(url: string, file: string): Promise<DatabaseCopy> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let migrations: number;
  try {
    const { rows } = await client.query<{ count: string }>('SELECT count(*)::text AS count FROM drizzle.__drizzle_migrations');
    migrations = Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
  // pg_dump's snapshot begins after this moment: what committed before it is in the copy.
  const copiedAt = new Date();
  await dumpPostgres(url, file);
  return { copiedAt, migrations };
}

/** Takes a backup into `out` (a new or empty folder); answers its manifest. */
export async function takeBackup(config: AppConfig, out: string, say: Say = () => undefined): Promise<Manifest> {
  if (!isEmptyFolder(out)) throw new BackupError(`${out} is not empty: a backup goes into a new folder.`);
  await mkdir(out, { recursive: true });
  const storage = photoStorageFor(config.catalogue);
  const photos = path.join(out, PHOTOS_FOLDER);
  try {
    say(`photos: ${await copyPhotosOut(storage, photos)} copied`);
    const kind = config.database.kind;
    const file = path.join(out, DATABASE_FILES[kind]);
    const copy =
      config.database.kind === 'postgres'
        ? await copyPostgres(config.database.url, file)
        : await copyPglite(config, config.database.dir ?? '', file, say);
    say(`database (${kind}): copied as of ${copy.copiedAt.toISOString()}, ${copy.migrations} migrations`);
    say(`photos stored meanwhile: ${await copyPhotosOut(storage, photos)} copied`);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      database: kind,
      photoStorage: storage.kind,
      databaseCopiedAt: copy.copiedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      photos: await countPhotos(photos),
      migrations: copy.migrations,
    };
    await writeManifest(out, manifest);
    return manifest;
  } finally {
    if ('close' in storage && typeof storage.close === 'function') storage.close();
  }
}

async function restorePglite(file: string, dir: string): Promise<void> {
  if (!isEmptyFolder(dir))
    throw new BackupError(`${dir} is not empty. Stop the product and move its data directory aside (or set DATA_DIR to a new one) first.`);
  const release = acquireDirectoryLock(dir);
  try {
    await mkdir(dir, { recursive: true });
    const client = new PGlite({ dataDir: dir, loadDataDir: new Blob([await readFile(file)]), extensions: { pg_trgm } });
    await client.waitReady;
    await client.close();
  } finally {
    release();
  }
}

export interface RestoreReport extends RestoreCheck {
  manifest: Manifest;
  photos: number;
}

/** Restores the backup in `from` into the configured, empty, database and photo store. */
export async function restoreBackup(config: AppConfig, from: string, say: Say = () => undefined): Promise<RestoreReport> {
  const manifest = await readManifest(from);
  const kind = config.database.kind;
  if (manifest.database !== kind)
    throw new BackupError(
      `This is a backup of the ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'}; ` +
        `the configuration names ${kind === 'pglite' ? 'the embedded one (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}.`,
    );
  if (manifest.migrations > knownMigrations())
    throw new BackupError(
      `The backup has ${manifest.migrations} migrations, this build knows ${knownMigrations()}: restore with the build that took it, or a later one.`,
    );
  const storage = photoStorageFor(config.catalogue);
  try {
    for await (const key of storage.keys())
      throw new BackupError(`The photo store is not empty (it holds ${key}): restore into an empty one.`);
    const file = path.join(from, DATABASE_FILES[kind]);
    if (config.database.kind === 'postgres') await restorePostgres(file, config.database.url);
    else await restorePglite(file, config.database.dir ?? '');
    say(`database (${kind}): restored as of ${manifest.databaseCopiedAt}`);
    const photos = await copyPhotosIn(path.join(from, PHOTOS_FOLDER), storage);
    say(`photos: ${photos} restored`);
    // Opened as the product opens it: a later build applies its newer migrations here.
    const database = await openDatabase(config.database);
    try {
      return { manifest, photos, ...(await checkRestored(database.db)) };
    } finally {
      await database.close();
    }
  } finally {
    if ('close' in storage && typeof storage.close === 'function') storage.close();
  }
}
