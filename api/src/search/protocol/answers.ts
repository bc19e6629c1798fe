/** Reading Algolia-protocol requests and answering their failures the way Algolia does. */
import type { FastifyReply } from 'fastify';
import { SearchServiceError } from '../types';

/** Request bodies come as text/plain JSON from the browser client, as application/json from others. */
export function jsonBody(body: unknown): Record<string, unknown> {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = value.trim() === '' ? {} : (JSON.parse(value) as unknown);
    } catch {
      throw new SearchServiceError(400, 'Invalid JSON in request body');
    }
  }
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new SearchServiceError(400, 'The request body must be a JSON object');
  return value as Record<string, unknown>;
}

/** Algolia's `{ message, status }` for every failure; an unexpected one (a database error) is logged, never shown. */
export function sendSearchError(reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof SearchServiceError) return reply.status(err.status).send({ message: err.message, status: err.status });
  reply.log.error({ err }, 'search request failed');
  return reply.status(500).send({ message: 'Internal error', status: 500 });
}
