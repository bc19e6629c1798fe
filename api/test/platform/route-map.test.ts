/**
 * The route map against the endpoint contract: every endpoint of
 * `ENDPOINTS` is served by exactly one route, no route exists outside the
 * contract, each is registered at its method and path, and every signed-in
 * one refuses a request without a token before doing anything.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@campus/shared/endpoints';
import { API_BASE_PATH } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { apiRoutes } from '../../src/routes';
import { createTestApp } from '../helpers';

/** A concrete URL for a contract path: each `:param` becomes a harmless value. */
function urlOf(path: string): string {
  return `${API_BASE_PATH}${path.replace(/:[A-Za-z]+/g, 'some-id')}`;
}

describe('route map', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves each endpoint of the contract with exactly one route, and nothing else', () => {
    const served = apiRoutes(app)
      .map((r) => r.endpoint.name)
      .sort();
    const declared = ENDPOINTS.map((e) => e.name).sort();
    expect(served).toEqual(declared);
    expect(new Set(served).size).toBe(served.length);
  });

  it('registers each route at its method and path under /api/v1', () => {
    const missing = ENDPOINTS.filter((e) => !app.hasRoute({ method: e.method, url: `${API_BASE_PATH}${e.path}` }));
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it.each(ENDPOINTS.filter((e) => e.access === 'signed-in').map((e) => [e.name, e] as const))(
    '%s answers 401 without a token',
    async (_name, endpoint) => {
      const res = await app.inject({
        method: endpoint.method,
        url: urlOf(endpoint.path),
        payload: endpoint.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: MESSAGES.generic.unauthorized });
    },
  );

  it('documents every route in the OpenAPI document under its contract name', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const ids = operations
      .map((op) => op.operationId)
      .filter(Boolean)
      .sort();
    expect(ids).toEqual(ENDPOINTS.map((e) => e.name).sort());
    const secured = operations
      .filter((op) => op.security?.length)
      .map((op) => op.operationId)
      .sort();
    expect(secured).toEqual(
      ENDPOINTS.filter((e) => e.access === 'signed-in')
        .map((e) => e.name)
        .sort(),
    );
  });
});
