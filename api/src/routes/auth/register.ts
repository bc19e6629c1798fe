import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { registerBodySchema, registerResultSchema } from '@campus/shared/schemas';
import { users } from '../../db/schema';
import { findUserByEmail, isUniqueViolation, issueVerificationCode } from '../../lib/accounts';
import { hashPassword } from '../../lib/crypto';
import { conflict } from '../../lib/http-errors';
import { splitName, toUser } from '../../lib/users';
import { emailLimit, ipLimit } from '../../plugins/rate-limits';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      config: ipLimit(app, 'register'),
      preHandler: [emailLimit(app, 'register')],
      schema: {
        tags: ['auth'],
        summary: 'Create an account with a university e-mail; sends a 6-digit verification code',
        body: registerBodySchema(app.config.universityEmailDomain),
        response: { 201: envelope(registerResultSchema), 400: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      if (await findUserByEmail(app, email)) throw conflict(MESSAGES.register.emailExists);
      const now = app.clock.now();
      const passwordHash = await hashPassword(password);
      let user;
      try {
        [user] = await app.db
          .insert(users)
          .values({ id: randomUUID(), email, passwordHash, ...splitName(name), createdAt: now, updatedAt: now })
          .returning();
      } catch (error) {
        // Two sign-ups for one address at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(MESSAGES.register.emailExists);
        throw error;
      }
      if (!user) throw new Error('insert returned no row');
      await issueVerificationCode(app, user);
      reply.status(201);
      return { data: { user: toUser(user) }, message: MESSAGES.account.registered(email) };
    },
  );
};
export default route;
