/**
 * PostgreSQL's own copy tools: pg_dump takes a consistent snapshot of a live database (one
 * repeatable-read transaction, while students keep buying) and pg_restore loads it into an empty
 * one. The programs must be at least the server's version: PG_BIN names their folder, else the
 * newest of Debian's /usr/lib/postgresql/<version>/bin, else the PATH's.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError } from './manifest';

const run = promisify(execFile);

/** A PostgreSQL program's path (the backup's pg_dump and pg_restore, the load run's pg_ctl). */
export function postgresProgram(name: 'pg_dump' | 'pg_restore' | 'pg_ctl'): string {
  const folders: string[] = [];
  if (process.env.PG_BIN) folders.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v));
    folders.push(...versions.sort((a, b) => Number(b) - Number(a)).map((v) => path.join(debian, v, 'bin')));
  }
  return folders.map((folder) => path.join(folder, name)).find((file) => existsSync(file)) ?? name;
}

/**
 * The connection for the tools, the password in PGPASSWORD rather than on the command line (which
 * every user of the machine can read in `ps`).
 */
function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function runTool(name: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const { dbname, env } = connectionOf(url);
  try {
    await run(postgresProgram(name), [`--dbname=${dbname}`, ...args], { maxBuffer: 16 * 1024 * 1024, env });
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: string | number };
    if (code === 'ENOENT')
      throw new BackupError(`${name} was not found: install PostgreSQL's client programs or set PG_BIN to their folder.`);
    throw new BackupError(`${name} failed: ${(stderr ?? String(error)).trim()}`);
  }
}

/** A snapshot of the whole database as of the moment the dump's transaction began. */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  await runTool('pg_dump', url, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`]);
}

/** Tables outside PostgreSQL's own schemas: a restore goes into a database with none. */
export async function userTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*)::text AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/** Loads a pg_dump into `url`, which must hold no tables: a restore never merges into live data. */
export async function restorePostgres(file: string, url: string): Promise<void> {
  const tables = await userTableCount(url);
  if (tables > 0)
    throw new BackupError(
      `The database to restore into already has ${tables} tables. Restore into a new, empty database (createdb) and point DATABASE_URL at it.`,
    );
  await runTool('pg_restore', url, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file]);
}
