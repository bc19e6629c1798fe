import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { userSchema } from '@campus/shared/schemas';
import { requireAuth } from '../../plugins/auth';
import { toUser } from '../../lib/users';
import { catalogueUserExtras } from '../../catalogue/sellers';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: envelope(userSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      // The catalogue adds the seller flags and the cart id.
      return { data: toUser(user, await catalogueUserExtras(app.db, user.id)) };
    },
  );
};
export default route;
