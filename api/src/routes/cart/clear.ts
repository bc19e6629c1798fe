/** DELETE /cart/clear: empties my cart. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { cartSchema } from '@campus/shared/schemas';
import { requireAuth } from '../../plugins/auth';
import { cartView, clearCart } from '../../catalogue/cart';

const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/clear',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['cart'], summary: 'Empty my cart', security: [{ bearerAuth: [] }], response: { 200: envelope(cartSchema), 401: errorBodySchema } },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await clearCart(app.db, userId);
      return { data: await cartView(app.db, userId), message: MESSAGES.cart.cleared };
    },
  );
};
export default route;
