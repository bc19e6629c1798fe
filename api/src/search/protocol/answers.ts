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

/**
 * A failure a client may be told about: the engine's own, or a 4xx Fastify
 * and its plugins raise before the handler (the rate limit's 429, a body the
 * parser refuses), whose messages are safe to show.
 */
function shownFailure(err: unknown): { status: number; message: string } | null {
  if (err instanceof SearchServiceError) return { status: err.status, message: err.message };
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (err instanceof Error && typeof status === 'number' && status >= 400 && status < 500) return { status, message: err.message };
  return null;
}

/** Algolia's `{ message, status }` for every failure; an unexpected one (a database error) is logged, never shown. */
export function sendSearchError(reply: FastifyReply, err: unknown): FastifyReply {
  const failure = shownFailure(err);
  if (!failure) {
    reply.log.error({ err }, 'search request failed');
    return reply.status(500).send({ message: 'Internal error', status: 500 });
  }
  // A search over its time limit is the server's trouble to look into, not only the client's.
  if (failure.status >= 500) reply.log.warn({ err }, 'search request failed');
  return reply.status(failure.status).send({ message: failure.message, status: failure.status });
}
