/**
 * app.authenticate: the guard of every protected route. 401 only for a
 * missing, unknown, expired or revoked token (the browser clears its session
 * on any 401); 403 for an account whose e-mail is not verified.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@campus/shared/messages';
import { sessions, users } from '../db/schema';
import { hashToken } from '../lib/crypto';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { AuthContext } from '../types';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export default fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized(MESSAGES.generic.unauthorized);
      const [row] = await app.db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, hashToken(token)))
        .limit(1);
      const now = app.clock.now();
      if (!row || row.session.revokedAt || row.session.expiresAt <= now) {
        throw unauthorized(MESSAGES.generic.unauthorized);
      }
      if (!row.user.emailVerifiedAt) throw forbidden(MESSAGES.login.unverified);
      request.auth = { sessionId: row.session.id, user: row.user };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in context inside a route guarded by app.authenticate. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(MESSAGES.generic.unauthorized);
  return request.auth;
}
