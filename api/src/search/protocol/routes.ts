/**
 * The part of Algolia's search REST protocol the algoliasearch v5 client uses,
 * served at the API's root (/1/...) so the browser's client only needs its
 * `hosts` pointed here. Credentials arrive as x-algolia-application-id /
 * x-algolia-api-key headers or query parameters (the browser build uses the
 * latter, which keeps requests "simple" and free of CORS preflights).
 * Failures answer Algolia's `{ message, status }`, which the client reads,
 * the rate limit's 429 (per client address, shared by every /1/* route) too.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { searchRateLimit } from '../../plugins/rate-limits';
import type { PgSearchEngine } from '../engine';
import { sendSearchError } from './answers';
import facetQuery from './facet-query';
import indexQuery from './index-query';
import multiQueries from './multi-queries';

export interface AlgoliaProtocolOptions {
  engine: PgSearchEngine;
  appId: string;
  apiKey: string;
}

function credential(request: FastifyRequest, name: string): string {
  const header = request.headers[name];
  if (typeof header === 'string') return header;
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.[name];
  return typeof value === 'string' ? value : '';
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const algoliaProtocolRoutes: FastifyPluginAsync<AlgoliaProtocolOptions> = async (app, options) => {
  app.setErrorHandler((err, _request, reply) => sendSearchError(reply, err));
  app.addHook('onRequest', searchRateLimit(app));
  app.addHook('onRequest', async (request, reply) => {
    const appId = credential(request, 'x-algolia-application-id');
    const apiKey = credential(request, 'x-algolia-api-key');
    if (!same(appId, options.appId) || !same(apiKey, options.apiKey)) {
      return reply.status(403).send({ message: 'Invalid Application-ID or API key', status: 403 });
    }
  });
  await app.register(indexQuery, { engine: options.engine });
  await app.register(multiQueries, { engine: options.engine });
  await app.register(facetQuery, { engine: options.engine });
};
export default algoliaProtocolRoutes;
