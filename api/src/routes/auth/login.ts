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
import { emailLimit, ipLimit } from '../../plugins/rate-limits';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: ipLimit(app, 'login'),
      preHandler: [emailLimit(app, 'login')],
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
    async (request) => {
      const { email, password } = request.body;
      const user = await findUserByEmail(app, email);
      // Unknown e-mail and wrong password answer alike, in about the same time.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !ok) throw unauthorized(MESSAGES.login.unauthorized);
      if (!user.emailVerifiedAt) throw forbidden(MESSAGES.login.unverified);
      const token = await createSession(app.db, user.id, app.clock.now());
      return { data: { token, user: toUser(user, await catalogueUserExtras(app.db, user.id)) }, message: MESSAGES.account.loggedIn };
    },
  );
};
export default route;
