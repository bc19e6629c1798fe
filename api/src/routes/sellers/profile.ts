/** GET /seller/profile: the signed-in user's store, 404 when they have none (how the browser learns "not a seller"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { sellerProfileSchema } from '@campus/shared/schemas';
import { notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { sellerOfUser, toSellerProfile } from '../../catalogue/sellers';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/seller/profile',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['sellers'],
        summary: "The signed-in user's store",
        security: [{ bearerAuth: [] }],
        response: { 200: envelope(sellerProfileSchema), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const row = await sellerOfUser(app.db, requireAuth(request).user.id);
      if (!row) throw notFound(MESSAGES.validation.sellerInfoNotFound);
      return { data: await toSellerProfile(app.db, row) };
    },
  );
};
export default route;
