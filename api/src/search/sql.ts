/**
 * The one thing the search module needs from a database: run parameterised SQL.
 * PGlite and a node-postgres pool both fit through these small adapters, so
 * the search engine does not depend on how the app opened its database.
 */
export interface SqlRows<T> {
  rows: T[];
}

export interface SqlClient {
  query<T extends object>(text: string, params?: readonly unknown[]): Promise<SqlRows<T>>;
}

/** Anything with a `query(text, params)` answering `{ rows }` (PGlite, pg.Pool, pg.Client). */
export interface QueryableLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export function toSqlClient(db: QueryableLike): SqlClient {
  return {
    async query<T extends object>(text: string, params: readonly unknown[] = []) {
      const result = await db.query(text, [...params]);
      return { rows: result.rows as T[] };
    },
  };
}
