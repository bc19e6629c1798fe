import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { changePasswordBodySchema } from '@campus/shared/schemas';
import { users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { badRequest } from '../../lib/http-errors';
import { revokeUserSessions } from '../../lib/sessions';
import { requireAuth } from '../../plugins/auth';
import { WindowCounter, tooManyRequests } from '../../plugins/rate-limits';

/** Our path for the Account tab's change-password form. */
const route: FastifyPluginAsyncZod = async (app) => {
  // Wrong old passwords per user: a stolen session must not become an unlimited password oracle.
  const failures = new WindowCounter(app.limits.changePassword.perUser);
  app.post(
    '/change-password',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Change the password (checks the old one); signs out every other session',
        security: [{ bearerAuth: [] }],
        body: changePasswordBodySchema,
        response: { 200: envelope(z.null()), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = requireAuth(request);
      const { oldPassword, newPassword } = request.body;
      const wait = failures.blockedFor(user.id);
      if (wait !== null) throw tooManyRequests(reply, wait);
      // Counted before the (slow) check so parallel guesses cannot all slip through; the right password clears it.
      failures.hit(user.id);
      // 400, not 401: a 401 would make the browser drop the (valid) session.
      if (!(await verifyPassword(oldPassword, user.passwordHash))) {
        throw badRequest(MESSAGES.account.oldPasswordIncorrect);
      }
      failures.reset(user.id);
      const now = app.clock.now();
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id, now, sessionId);
      });
      return { data: null, message: MESSAGES.account.passwordChanged };
    },
  );
};
export default route;
