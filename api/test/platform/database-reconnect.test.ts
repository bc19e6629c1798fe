/**
 * PostgreSQL restarting under the API (the load run's first fault: npm run load -- --faults): every
 * connection the server had is cut, idle ones in the pool and one checked out in the middle of a
 * transaction. node-postgres reports each as an 'error' event; unheard, one ends the process. The API
 * hears them, the transaction that lost its connection fails as any error does, and the next
 * requests are answered on new connections, without a restart. PostgreSQL only (PGlite runs in the
 * process: nothing to cut).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, onPostgres } from '../helpers';
import { withClient } from '../setup/database-template';

const describeOnPostgres = onPostgres ? describe : describe.skip;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOnPostgres('PostgreSQL cuts every connection', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it('the API goes on: the cut transaction fails, the next requests are answered on new connections', async () => {
    const url = process.env.DATABASE_URL ?? '';
    const database = new URL(url).pathname.slice(1);
    // Connections in the pool, idle.
    await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/api/v1/categories/only' })));
    const lost: Error[] = [];
    const report = app.database.onConnectionError;
    app.database.onConnectionError = (error) => {
      lost.push(error);
      report(error);
    };
    // One checked out, between two statements of a transaction, when the cut comes.
    const cutTransaction = app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await sleep(1500);
      await tx.execute(sql`SELECT 2`);
    });
    await sleep(300);
    const cut = await withClient(url, (admin) =>
      admin.query<{ count: string }>(
        'SELECT count(pg_terminate_backend(pid))::text AS count FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      ),
    );
    expect(Number(cut.rows[0]?.count)).toBeGreaterThanOrEqual(2);
    await expect(cutTransaction).rejects.toThrow();
    expect(lost.length).toBeGreaterThanOrEqual(1);

    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    const categories = await app.inject({ method: 'GET', url: '/api/v1/categories/only' });
    expect(categories.statusCode).toBe(200);
    app.database.onConnectionError = report;
  });
});
