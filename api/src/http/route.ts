/**
 * A route is an endpoint of the contract (`@campus/shared/endpoints`) plus
 * its handler. Method, path, params, query, body and answer schemas, status,
 * OpenAPI tags and security all come from the endpoint, so the API and the
 * browser cannot disagree about them; the handler only says what happens.
 *
 * Signed-in endpoints are registered inside the protected scope (routes.ts),
 * whose one hook authenticates: their handlers get `request.auth` set.
 */
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { bodySchemaOf, type ContractContext, type EndpointDefinition } from '@campus/shared/endpoints';
import { errorBodySchema } from '@campus/shared/http';
import type { AuthContext } from '../types';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type ParsedBody<E extends EndpointDefinition> = E['body'] extends (context: ContractContext) => infer S ? Parsed<S> : Parsed<E['body']>;

/** The request as the handler sees it: params, query and body parsed by the endpoint's schemas. */
export type RouteRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: ParsedBody<E>;
}> &
  (E['access'] extends 'signed-in' ? { auth: AuthContext } : unknown);

/** What the handler answers: the endpoint's success body (checked on the way out by its schema). */
export type RouteAnswer<E extends EndpointDefinition> = z.input<E['response']>;

export interface RouteExtras {
  /** Route config, e.g. the per-address rate limit (`ipLimit`). */
  config?: FastifyContextConfig;
  /** Checks after the body is parsed, e.g. the per-e-mail rate limit (`emailLimit`). */
  preHandler?: preHandlerAsyncHookHandler[];
  /** Extra content types besides multipart (a multipart endpoint that also takes JSON). */
  alsoJson?: boolean;
}

export interface ApiRoute {
  readonly endpoint: EndpointDefinition;
  readonly extras: RouteExtras;
  readonly handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** One route of the contract. */
export function route<const E extends EndpointDefinition>(
  endpoint: E,
  handler: (request: RouteRequest<E>, reply: FastifyReply) => Promise<RouteAnswer<E>>,
  extras: RouteExtras = {},
): ApiRoute {
  // The type parameters above are what Fastify guarantees once the schemas have run.
  return { endpoint, extras, handler: handler as unknown as ApiRoute['handler'] };
}

/** Each domain's routes are built with the app (its configuration, limits and counters). */
export type DomainRoutes = (app: FastifyInstance) => ApiRoute[];

/** The Fastify route for an API route, under whatever prefix it is registered with. */
export function toRouteOptions(app: FastifyInstance, apiRoute: ApiRoute): RouteOptions {
  const { endpoint, extras, handler } = apiRoute;
  const success = endpoint.status ?? 200;
  const errorStatuses = new Set(endpoint.errors);
  if (endpoint.access === 'signed-in') {
    errorStatuses.add(401);
    errorStatuses.add(403);
  }
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.multipart) errorStatuses.add(400);
  const response: Record<number, z.ZodType> = { [success]: endpoint.response };
  for (const status of errorStatuses) response[status] = errorBodySchema;

  const schema: FastifySchema & Record<string, unknown> = {
    operationId: endpoint.name,
    tags: [endpoint.name.split('.')[0] ?? 'api'],
    summary: endpoint.summary,
    response,
  };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  const body = bodySchemaOf(endpoint, { emailDomain: app.config.universityEmailDomain });
  if (body) schema.body = body;
  if (endpoint.multipart) schema.consumes = extras.alsoJson ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'];
  if (endpoint.access === 'signed-in') schema.security = [{ bearerAuth: [] }];

  return {
    method: endpoint.method,
    url: endpoint.path,
    schema,
    ...(extras.config ? { config: extras.config } : {}),
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    handler: async (request, reply) => {
      reply.status(success);
      return handler(request, reply);
    },
  };
}
