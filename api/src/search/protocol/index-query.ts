/** POST /1/indexes/{indexName}/query — one search on one index (a replica name picks the sort). */
import type { FastifyPluginAsync } from 'fastify';
import type { PgSearchEngine } from '../engine';
import { jsonBody } from './answers';

const route: FastifyPluginAsync<{ engine: PgSearchEngine }> = async (app, { engine }) => {
  app.post<{ Params: { indexName: string } }>('/1/indexes/:indexName/query', { schema: { hide: true } }, async (request) => {
    const body = jsonBody(request.body);
    return engine.withTimeLimits((bounded) => bounded.search(request.params.indexName, body));
  });
};
export default route;
