/**
 * GET /api/v1/events/stream: the signed-in browser's Server-Sent Events,
 * served through @fastify/sse (the Fastify organisation's plugin: it writes
 * the head with the headers other hooks set, formats events, sends the
 * keep-alive comment and ends the response cleanly).
 * Authenticated by the bearer token (fetch-based clients), or by `?ticket=`
 * from POST /events/ticket (EventSource cannot set headers; a 60-second
 * ticket in a URL is what may end up in a proxy's log, not the session token).
 * Resumes after `Last-Event-ID` (or `?lastEventId=`, for a new EventSource);
 * without one it starts with the events after now. The stream ends with the
 * session that opened it (event-hub.ts).
 */
import fastifySse from '@fastify/sse';
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

async function streamSession(app: FastifyInstance, request: FastifyRequest, ticket: string | undefined) {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
  if (bearer) {
    const auth = await authenticateToken(app, bearer);
    return { userId: auth.user.id, sessionId: auth.sessionId };
  }
  if (!ticket) throw unauthorized(MESSAGES.generic.unauthorized);
  const row = await findStreamTicket(app.db, hashToken(ticket));
  if (!row || row.expiresAt <= app.clock.now()) throw unauthorized(MESSAGES.generic.unauthorized);
  return { userId: row.userId, sessionId: row.sessionId };
}

function lastSeen(header: string | null, fromQuery: number | undefined): number | undefined {
  if (header !== null && /^\d{1,15}$/.test(header.trim())) return Number(header.trim());
  return fromQuery;
}

/** One event as the stream sends it: `id:` (the recipient's event id), `event:` (its type), `data:` (JSON). */
export function sseMessage(event: EventRow) {
  return { id: String(event.id), event: event.type, data: event.data };
}

/** The stream's route, registered by the route map under /api/v1 (not a JSON endpoint of the contract). */
export const eventStreamRoute: FastifyPluginAsync = async (app) => {
  await app.register(fastifySse, { heartbeatInterval: KEEP_ALIVE_MS });
  app.get(
    '/events/stream',
    { sse: 'only', schema: { hide: true, querystring: streamQuery } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as z.infer<typeof streamQuery>;
      const { userId, sessionId } = await streamSession(app, request, query.ticket);
      const after = lastSeen(reply.sse.lastEventId, query.lastEventId) ?? (await lastEventId(app.db, userId));

      const sse = reply.sse;
      sse.keepAlive();
      reply.header('content-type', 'text/event-stream; charset=utf-8');
      reply.header('cache-control', 'no-cache, no-transform');
      // The `retry:` field alone (no data line): how long EventSource waits before reconnecting.
      await sse.send({ data: undefined, retry: RETRY_MS });

      let stream: OpenStream | null = null;
      const close = () => {
        if (stream) app.events.close(stream);
        stream = null;
        sse.close();
      };
      sse.onClose(close);
      if (!sse.isConnected) return;
      stream = app.events.open(
        userId,
        sessionId,
        after,
        async (event) => {
          if (sse.isConnected) await sse.send(sseMessage(event));
        },
        close,
      );
    },
  );
};
