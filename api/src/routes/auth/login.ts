import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { loginBodySchema, loginResultSchema } from '@campus/shared/schemas';
import { findUserByEmail } from '../../lib/accounts';
import { dummyPasswordHash, verifyPassword } from '../../lib/crypto';
import { forbidden, unauthorized } from '../../lib/http-errors';
import { createSession } from '../../lib/sessions';
import { toUser } from '../../lib/users';
import { catalogueUserExtras } from '../../catalogue/sellers';
import { WindowCounter, ipLimit, tooManyRequests } from '../../plugins/rate-limits';

const route: FastifyPluginAsyncZod = async (app) => {
  // Failed sign-ins per e-mail. Only failures count, and the right password still signs
  // in over the limit: otherwise anyone could lock a student out with a few wrong tries.
  // Guessing stays bounded by the per-address limit.
  const failures = new WindowCounter(app.limits.login.perEmail);
  app.post(
    '/login',
    {
      config: ipLimit(app, 'login'),
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers a bearer token and the user',
        body: loginBodySchema(app.config.universityEmailDomain),
        response: {
          200: envelope(loginResultSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const blocked = failures.blockedFor(email);
      // Counted before the slow check so parallel guesses see each other; taken back if right.
      failures.hit(email);
      const user = await findUserByEmail(app, email);
      // Unknown e-mail and wrong password answer alike, in about the same time.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !ok) {
        if (blocked !== null) throw tooManyRequests(reply, blocked);
        throw unauthorized(MESSAGES.login.unauthorized);
      }
      failures.undo(email);
      if (!user.emailVerifiedAt) throw forbidden(MESSAGES.login.unverified);
      const token = await createSession(app.db, user.id, app.clock.now());
      return { data: { token, user: toUser(user, await catalogueUserExtras(app.db, user.id)) }, message: MESSAGES.account.loggedIn };
    },
  );
};
export default route;
