import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { updateProfileBodySchema, userSchema } from '@campus/shared/schemas';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { toUser } from '../../lib/users';
import { catalogueUserExtras } from '../../catalogue/sellers';
import { requireAuth } from '../../plugins/auth';

const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/profile',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Update first name, last name and display name (the e-mail cannot change)',
        security: [{ bearerAuth: [] }],
        body: updateProfileBodySchema,
        response: { 200: envelope(userSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { firstName, lastName, displayName, email } = request.body;
      // The form sends the (disabled) e-mail back; the same address is fine, another one is refused.
      if (email !== undefined && email !== '' && email !== user.email) {
        throw badRequest(MESSAGES.validation.emailCannotBeChanged);
      }
      const [updated] = await app.db
        .update(users)
        .set({
          firstName,
          lastName,
          ...(displayName !== undefined ? { displayName: displayName || null } : {}),
          updatedAt: app.clock.now(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return { data: toUser(updated ?? user, await catalogueUserExtras(app.db, user.id)), message: MESSAGES.account.profileUpdated };
    },
  );
};
export default route;
