/**
 * POST /1/indexes/{star}/queries — several searches in one request (what the
 * v5 client's search() and searchForHits() send), including `type: 'facet'`
 * requests (search for facet values). strategy stopIfEnoughMatches stops after
 * the first query that fills its page, as Algolia does.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PgSearchEngine } from '../engine';
import { SearchServiceError, type SearchForFacetValuesResponse, type SearchResponse } from '../types';
import { jsonBody, sendSearchError } from './answers';

const MAX_QUERIES = 50;

const route: FastifyPluginAsync<{ engine: PgSearchEngine }> = async (app, { engine }) => {
  // The path's "*" is literal in Algolia's protocol; the router reads it as a parameter.
  app.post<{ Params: { star: string } }>('/1/indexes/:star/queries', { schema: { hide: true } }, async (request, reply) => {
    try {
      if (request.params.star !== '*') throw new SearchServiceError(404, 'Use /1/indexes/*/queries');
      const body = jsonBody(request.body);
      const requests = body.requests;
      if (!Array.isArray(requests)) throw new SearchServiceError(400, 'requests must be an array');
      if (requests.length > MAX_QUERIES) throw new SearchServiceError(400, `At most ${MAX_QUERIES} queries per request`);
      const stopIfEnough = body.strategy === 'stopIfEnoughMatches';
      const results: Array<SearchResponse | (SearchForFacetValuesResponse & { index?: string })> = [];
      for (const raw of requests as unknown[]) {
        const req = jsonBody(raw);
        const { indexName, type, facet, ...params } = req;
        if (typeof indexName !== 'string' || indexName === '') throw new SearchServiceError(400, 'indexName is required');
        if (type === 'facet') {
          if (typeof facet !== 'string') throw new SearchServiceError(400, 'facet is required for facet queries');
          results.push({ ...(await engine.searchForFacetValues(indexName, facet, params)), index: indexName });
          continue;
        }
        const result = await engine.search(indexName, params);
        results.push({ ...result, index: indexName });
        if (stopIfEnough && result.nbHits >= result.hitsPerPage) break;
      }
      return { results };
    } catch (err) {
      return sendSearchError(reply, err);
    }
  });
};
export default route;
