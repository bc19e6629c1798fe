/** POST /1/indexes/{indexName}/facets/{facetName}/query — search for facet values (e.g. category suggestions). */
import type { FastifyPluginAsync } from 'fastify';
import type { PgSearchEngine } from '../engine';
import { jsonBody } from './answers';

const route: FastifyPluginAsync<{ engine: PgSearchEngine }> = async (app, { engine }) => {
  app.post<{ Params: { indexName: string; facetName: string } }>(
    '/1/indexes/:indexName/facets/:facetName/query',
    { schema: { hide: true } },
    async (request) => {
      const { indexName, facetName } = request.params;
      const body = jsonBody(request.body);
      return engine.withTimeLimits((bounded) => bounded.searchForFacetValues(indexName, facetName, body));
    },
  );
};
export default route;
