/** POST /1/indexes/{indexName}/facets/{facetName}/query — search for facet values (e.g. category suggestions). */
import type { FastifyPluginAsync } from 'fastify';
import type { PgSearchEngine } from '../engine';
import { jsonBody, sendSearchError } from './answers';

const route: FastifyPluginAsync<{ engine: PgSearchEngine }> = async (app, { engine }) => {
  app.post<{ Params: { indexName: string; facetName: string } }>(
    '/1/indexes/:indexName/facets/:facetName/query',
    { schema: { hide: true } },
    async (request, reply) => {
      try {
        return await engine.searchForFacetValues(request.params.indexName, request.params.facetName, jsonBody(request.body));
      } catch (err) {
        return sendSearchError(reply, err);
      }
    },
  );
};
export default route;
