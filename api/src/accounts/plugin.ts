/**
 * app.authenticate: the one guard, run by the protected scope's hook
 * (routes.ts) before every signed-in route. 401 only for a missing, unknown,
 * expired or revoked token (the browser clears its session on any 401); 403
 * for an account whose e-mail is not verified.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AuthContext } from '../types';
import fp from 'fastify-plugin';
import { authenticateToken } from './service';
import { SessionEnds } from './session-ends';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler guard: a valid, unrevoked token of a verified account, else 401/403. */
    authenticate: preHandlerAsyncHookHandler;
    /** Tells other domains, after the commit, that sessions of a user ended (accounts/session-ends.ts). */
    sessionEnds: SessionEnds;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; null on public routes. */
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export default fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.decorate('sessionEnds', new SessionEnds());
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.auth = await authenticateToken(app, bearerToken(request));
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
