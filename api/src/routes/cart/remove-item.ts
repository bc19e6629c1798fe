/** DELETE /cart/item/remove/{itemId}: only from my own cart. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { cartSchema } from '@campus/shared/schemas';
import { requireAuth } from '../../plugins/auth';
import { cartView, removeCartItem } from '../../catalogue/cart';

const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/item/remove/:itemId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary: 'Remove a cart item',
        security: [{ bearerAuth: [] }],
        params: z.object({ itemId: z.string().min(1).max(100) }),
        response: { 200: envelope(cartSchema), 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await removeCartItem(app.db, userId, request.params.itemId);
      return { data: await cartView(app.db, userId), message: MESSAGES.cart.removed };
    },
  );
};
export default route;
