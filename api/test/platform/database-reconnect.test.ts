/**
 * PostgreSQL restarting under the API (the load run's first fault: npm run load -- --faults): every
 * connection the server had is cut, idle ones in the pool and one checked out in the middle of a
 * transaction. node-postgres reports each as an 'error' event; unheard, one ends the process. The API
 * hears them, the transaction that lost its connection fails as any error does, and the next
 * requests are answered on new connections, without a restart. PostgreSQL only (PGlite runs in the
 * process: nothing to cut).
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import errors from '../../src/plugins/errors';
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
    const failure: unknown = await cutTransaction.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(lost.length).toBeGreaterThanOrEqual(1);

    // A request whose connection was cut answers 503 with a Retry-After (the database is away, try
    // again), not the 500 of a fault of ours.
    const front = Fastify();
    await front.register(errors);
    front.get('/cut', async () => {
      throw failure;
    });
    const answer = await front.inject({ method: 'GET', url: '/cut' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: MESSAGES.generic.internal });
    await front.close();

    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    const categories = await app.inject({ method: 'GET', url: '/api/v1/categories/only' });
    expect(categories.statusCode).toBe(200);
    app.database.onConnectionError = report;
  });
});
