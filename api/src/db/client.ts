/**
 * Opens the database for the configured driver (PGlite in-process, or a real
 * PostgreSQL server through node-postgres), applies the committed migrations
 * and exposes one drizzle handle typed for both.
 */
import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { acquireDirectoryLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The common drizzle type of both drivers: route code never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', '..', 'drizzle');

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** True for PGlite: the data lives with this server (demo data may be seeded). */
  embedded: boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: PGlite in-process, PostgreSQL on a connection of its
   * own (a pooled one would drop the subscription). `onLost`: the connection
   * failed; notifications may have been missed (the caller resubscribes).
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
  /**
   * PGlite only: the whole data directory as PGlite's gzip tarball, copied between two queries
   * (PGlite runs one at a time), so it is what a crash at that moment would leave: committed work
   * in, a transaction under way rolled back when the copy is opened. PostgreSQL is copied with
   * pg_dump (backup/postgres-tools.ts).
   */
  snapshot?(): Promise<Uint8Array>;
  /**
   * Hears a connection the server dropped (PostgreSQL restarted, a network cut): the pool replaces it and
   * a query on it fails as any error does; the process goes on. The db plugin points it at the app's log.
   */
  onConnectionError: (error: Error) => void;
}

/** Any fixed 64-bit number: the advisory lock every API instance takes to migrate. */
const MIGRATION_LOCK = 7_231_011_426;

/**
 * Applies the migrations holding a session advisory lock, so instances
 * starting together on one server take turns: the first migrates, the others
 * find nothing left to do (without it two would create the same tables).
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config) : openPglite(config);
}

/** A PostgreSQL server through a node-postgres pool, migrated (once across instances) before it is handed out. */
async function openPostgres(config: Extract<DatabaseConfig, { kind: 'postgres' }>): Promise<Database> {
  const pool = new pg.Pool({ connectionString: config.url, max: 10 });
  // Without these, node-postgres throws a dropped connection's error as an unhandled 'error' event and
  // the process ends: an idle connection's comes to the pool, one checked out between two queries (a
  // transaction waiting on something else) to the client itself.
  pool.on('error', (error) => opened.onConnectionError(error));
  pool.on('connect', (client) => client.on('error', (error) => opened.onConnectionError(error)));
  const db = drizzlePg(pool, { schema });
  const opened: Database = {
    onConnectionError: (error) => console.warn(`database connection lost (the pool replaces it): ${error.message}`),
    db,
    driver: 'postgres',
    embedded: false,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      // Idempotent: the app's onClose and a failed start may both close.
      if (!pool.ended) await pool.end();
    },
    listen: async (channel, onPayload, onLost) => {
      const client = new pg.Client({ connectionString: config.url });
      let stopped = false;
      client.on('notification', (n) => {
        if (n.channel === channel) onPayload(n.payload ?? '');
      });
      client.on('error', (error) => {
        if (!stopped) onLost(error);
      });
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        stopped = true;
        await client.end().catch(() => undefined);
      };
    },
  };
  try {
    await migrateOnce(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return opened;
}

/** PGlite in this process: in a data directory (held by a lock file), or in memory, from a template if given. */
async function openPglite(config: Extract<DatabaseConfig, { kind: 'pglite' }>): Promise<Database> {
  const release = config.dir ? acquireDirectoryLock(config.dir) : () => undefined;
  let client: PGlite | undefined;
  try {
    if (config.dir) fs.mkdirSync(config.dir, { recursive: true });
    // pg_trgm backs the built-in search's typo tolerance (created by migration 0001).
    // A template (in memory only) skips initdb: about a second against three (test/setup/database-template.ts).
    const start = config.dir
      ? { dataDir: config.dir }
      : config.template
        ? { loadDataDir: new Blob([fs.readFileSync(config.template)]) }
        : {};
    client = new PGlite({ ...start, extensions: { pg_trgm } });
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const opened = client;
    return {
      // In this process: no connection to lose.
      onConnectionError: () => undefined,
      db,
      driver: 'pglite',
      embedded: true,
      ping: async () => {
        await opened.query('select 1');
      },
      snapshot: async () => new Uint8Array(await (await opened.dumpDataDir('gzip')).arrayBuffer()),
      listen: async (channel, onPayload) => {
        const unlisten = await opened.listen(channel, onPayload);
        return async () => {
          if (!opened.closed) await unlisten();
        };
      },
      close: async () => {
        try {
          if (!opened.closed) await opened.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    release();
    throw error;
  }
}

/** A transaction handle, accepted wherever the plain handle is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `execute`: node-postgres answers a result object, PGlite's drizzle driver the rows themselves. */
export function resultRows<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
