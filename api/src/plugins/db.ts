/** Exposes the opened database as app.db and closes it (PGlite included) when the app closes. */
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export default fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
    database.onConnectionError = (error) => app.log.warn({ err: error }, 'database connection lost: the pool replaces it');
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db' },
);
