/** POST /1/indexes/{indexName}/query — one search on one index (a replica name picks the sort). */
import type { FastifyPluginAsync } from 'fastify';
import type { PgSearchEngine } from '../engine';
import { jsonBody, sendSearchError } from './answers';

const route: FastifyPluginAsync<{ engine: PgSearchEngine }> = async (app, { engine }) => {
  app.post<{ Params: { indexName: string } }>(
    '/1/indexes/:indexName/query',
    { schema: { hide: true } },
    async (request, reply) => {
      try {
        return await engine.search(request.params.indexName, jsonBody(request.body));
      } catch (err) {
        return sendSearchError(reply, err);
      }
    },
  );
};
export default route;
