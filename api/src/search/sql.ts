/**
 * The one thing the search module needs from a database: run parameterised SQL,
 * and run a request's statements within time limits. PGlite and a
 * node-postgres pool both fit through these small adapters, so the search
 * engine does not depend on how the app opened its database.
 */
import pg from 'pg';
import type { SearchTimeLimits } from './limits';

export interface SqlRows<T> {
  rows: T[];
}

export interface SqlClient {
  query<T extends object>(text: string, params?: readonly unknown[]): Promise<SqlRows<T>>;
  /**
   * Runs `work` with its statements bounded in time: none starts once
   * `requestMs` has passed, and on PostgreSQL each is cancelled after
   * `statementMs` (SET LOCAL statement_timeout, in one read-only transaction
   * on one pooled connection). PGlite accepts statement_timeout but never
   * cancels (measured on PGlite 0.5 with PostgreSQL 18: pg_sleep(2) and a
   * 13-second count both ran to the end under 200 ms; its single-threaded
   * WebAssembly build has no timer signal to cancel with), so there only the
   * request limit between statements applies. Over a limit, `work` rejects
   * with SqlTimeoutError.
   */
  withTimeLimits<T>(limits: SearchTimeLimits, work: (sql: SqlClient) => Promise<T>): Promise<T>;
}

/** A statement was cancelled by statement_timeout, or the request's time was up before it started. */
export class SqlTimeoutError extends Error {
  constructor() {
    super('The search statement ran out of time');
    this.name = 'SqlTimeoutError';
  }
}

/** Anything with a `query(text, params)` answering `{ rows }` (PGlite, pg.Pool, pg.Client). */
export interface QueryableLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

type Query = SqlClient['query'];

function plainQuery(db: QueryableLike): Query {
  return async <T extends object>(text: string, params: readonly unknown[] = []) => {
    const result = await db.query(text, [...params]);
    return { rows: result.rows as T[] };
  };
}

/** PostgreSQL's query_canceled, which statement_timeout raises. */
function isStatementTimeout(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '57014';
}

/** The query function of a time-limited run: refuses to start past the deadline, and names a cancel a timeout. */
function limitedClient(query: Query, deadline: number): SqlClient {
  const client: SqlClient = {
    async query<T extends object>(text: string, params?: readonly unknown[]) {
      if (performance.now() >= deadline) throw new SqlTimeoutError();
      try {
        return await query<T>(text, params);
      } catch (err) {
        throw isStatementTimeout(err) ? new SqlTimeoutError() : err;
      }
    },
    // Already inside limits: a nested run keeps the outer ones.
    withTimeLimits: (_limits, work) => work(client),
  };
  return client;
}

async function onPooledConnection<T>(pool: pg.Pool, limits: SearchTimeLimits, work: (sql: SqlClient) => Promise<T>): Promise<T> {
  const deadline = performance.now() + limits.requestMs;
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query('BEGIN READ ONLY');
    // is_local = true: the setting ends with the transaction, so the pooled connection goes back unchanged.
    await connection.query("SELECT set_config('statement_timeout', $1, true)", [`${Math.max(1, Math.trunc(limits.statementMs))}ms`]);
    const result = await work(limitedClient(plainQuery(connection), deadline));
    await connection.query('COMMIT');
    return result;
  } catch (err) {
    await connection.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw err;
  } finally {
    // A connection that could not roll back is closed rather than reused.
    connection.release(broken);
  }
}

export function toSqlClient(db: QueryableLike): SqlClient {
  const query = plainQuery(db);
  return {
    query,
    withTimeLimits: (limits, work) =>
      db instanceof pg.Pool ? onPooledConnection(db, limits, work) : work(limitedClient(query, performance.now() + limits.requestMs)),
  };
}

/** Raw SQL through the same connection(s) drizzle uses (the search module, the housekeeping's clean-up). */
export function sqlClientOf(app: { db: object }): SqlClient {
  const client: unknown = (app.db as { $client?: unknown }).$client;
  if (!client || typeof (client as QueryableLike).query !== 'function') throw new Error('The database client does not run SQL');
  return toSqlClient(client as QueryableLike);
}
