/** GET /cart: the signed-in user's own cart, grouped by seller, with totals. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { cartSchema } from '@campus/shared/schemas';
import { requireAuth } from '../../plugins/auth';
import { cartView } from '../../catalogue/cart';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['cart'], summary: 'My cart', security: [{ bearerAuth: [] }], response: { 200: envelope(cartSchema), 401: errorBodySchema } },
    },
    async (request) => ({ data: await cartView(app.db, requireAuth(request).user.id) }),
  );
};
export default route;
