/**
 * POST /1/indexes/{star}/queries — several searches in one request (what the
 * v5 client's search() and searchForHits() send), including `type: 'facet'`
 * requests (search for facet values). strategy stopIfEnoughMatches stops after
 * the first query that fills its page, as Algolia does. Every query is read
 * and the request's bounds checked before any of them runs (the engine reads
 * each again, a few microseconds).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PgSearchEngine } from '../engine';
import { MAX_HITS_PER_REQUEST, MAX_QUERIES_PER_REQUEST } from '../limits';
import { readSearchQuery, requestedHits, type SearchQuery } from '../params';
import { SearchServiceError, type SearchForFacetValuesResponse, type SearchResponse } from '../types';
import { jsonBody } from './answers';

interface IndexQuery {
  indexName: string;
  /** The facet whose values a `type: 'facet'` request searches; null for a search for hits. */
  facet: string | null;
  query: SearchQuery;
}

function readIndexQuery(raw: unknown): IndexQuery {
  const { indexName, type, facet, ...params } = jsonBody(raw);
  if (typeof indexName !== 'string' || indexName === '') throw new SearchServiceError(400, 'indexName is required');
  if (type !== 'facet') return { indexName, facet: null, query: readSearchQuery(params) };
  if (typeof facet !== 'string') throw new SearchServiceError(400, 'facet is required for facet queries');
  return { indexName, facet, query: readSearchQuery(params) };
}

function readIndexQueries(requests: unknown): IndexQuery[] {
  if (!Array.isArray(requests)) throw new SearchServiceError(400, 'requests must be an array');
  if (requests.length > MAX_QUERIES_PER_REQUEST)
    throw new SearchServiceError(400, `At most ${MAX_QUERIES_PER_REQUEST} queries per request`);
  const queries = requests.map(readIndexQuery);
  const hits = queries.reduce((sum, q) => sum + (q.facet === null ? requestedHits(q.query.params) : 0), 0);
  if (hits > MAX_HITS_PER_REQUEST) {
    throw new SearchServiceError(
      400,
      `The queries of one request may ask for at most ${MAX_HITS_PER_REQUEST} hits in all (hitsPerPage, or length, added up)`,
    );
  }
  return queries;
}

const route: FastifyPluginAsync<{ engine: PgSearchEngine }> = async (app, { engine }) => {
  // The path's "*" is literal in Algolia's protocol; the router reads it as a parameter.
  app.post<{ Params: { star: string } }>('/1/indexes/:star/queries', { schema: { hide: true } }, async (request) => {
    if (request.params.star !== '*') throw new SearchServiceError(404, 'Use /1/indexes/*/queries');
    const body = jsonBody(request.body);
    const queries = readIndexQueries(body.requests);
    const stopIfEnough = body.strategy === 'stopIfEnoughMatches';
    return engine.withTimeLimits(async (bounded) => {
      const results: Array<SearchResponse | (SearchForFacetValuesResponse & { index?: string })> = [];
      for (const { indexName, facet, query } of queries) {
        if (facet !== null) {
          results.push({ ...(await bounded.searchForFacetValues(indexName, facet, query.raw)), index: indexName });
          continue;
        }
        const result = await bounded.search(indexName, query.raw);
        results.push({ ...result, index: indexName });
        if (stopIfEnough && result.nbHits >= result.hitsPerPage) break;
      }
      return { results };
    });
  });
};
export default route;
