/**
 * GET /api/v1/events/stream: the signed-in browser's Server-Sent Events.
 * Authenticated by the bearer token (fetch-based clients), or by `?ticket=`
 * from POST /events/ticket (EventSource cannot set headers; a 60-second
 * ticket in a URL is what may end up in a proxy's log, not the session token).
 * Resumes after `Last-Event-ID` (or `?lastEventId=`, for a new EventSource);
 * without one it starts with the events after now. Written on reply.raw: no
 * SSE plugin is installed and the protocol is a few lines.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '@campus/shared/messages';
import { authenticateToken } from '../accounts';
import type { EventRow } from '../db/schema';
import { unauthorized } from '../http/errors';
import { hashToken } from '../lib/crypto';
import type { OpenStream } from './event-hub';
import { lastEventId } from './event-repository';
import { findStreamTicket } from './repository';

/** Between 15 and 25 seconds: under the idle timeouts of common proxies. */
export const KEEP_ALIVE_MS = 20_000;
/** How long EventSource waits before reconnecting. */
const RETRY_MS = 3000;

const streamQuery = z.object({
  ticket: z.string().min(1).max(200).optional(),
  lastEventId: z.coerce.number().int().min(0).optional(),
});

async function streamUser(app: FastifyInstance, request: FastifyRequest, ticket: string | undefined): Promise<string> {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
  if (bearer) return (await authenticateToken(app, bearer)).user.id;
  if (!ticket) throw unauthorized(MESSAGES.generic.unauthorized);
  const row = await findStreamTicket(app.db, hashToken(ticket));
  if (!row || row.expiresAt <= app.clock.now()) throw unauthorized(MESSAGES.generic.unauthorized);
  return row.userId;
}

function lastSeen(request: FastifyRequest, fromQuery: number | undefined): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return fromQuery;
}

export function formatEvent(event: EventRow): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The stream's route, registered by the route map under /api/v1 (not a JSON endpoint of the contract). */
export const eventStreamRoute: FastifyPluginAsync = async (app) => {
  app.get('/events/stream', { schema: { hide: true, querystring: streamQuery } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as z.infer<typeof streamQuery>;
    const userId = await streamUser(app, request, query.ticket);
    const after = lastSeen(request, query.lastEventId) ?? (await lastEventId(app.db, userId));

    reply.hijack();
    const raw = reply.raw;
    // Headers other hooks set (CORS, security headers) are on the reply, not yet on the raw response.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);

    let closed = false;
    let stream: OpenStream | null = null;
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(keepAlive);
      if (stream) app.events.close(stream);
      if (!raw.writableEnded) raw.end();
    };
    stream = app.events.open(userId, after, (event) => raw.write(formatEvent(event)), close);
    request.raw.on('close', close);
    raw.on('close', close);
    raw.on('error', close);
  });
};
