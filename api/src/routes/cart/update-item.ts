/** PATCH /cart/item/update/{itemId} {quantity}: only in my own cart, never above stock. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { cartItemUpdateBodySchema, cartSchema } from '@campus/shared/schemas';
import { requireAuth } from '../../plugins/auth';
import { cartView, updateCartItem } from '../../catalogue/cart';

const route: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/item/update/:itemId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary: 'Change the quantity of a cart item',
        security: [{ bearerAuth: [] }],
        params: z.object({ itemId: z.string().min(1).max(100) }),
        body: cartItemUpdateBodySchema,
        response: { 200: envelope(cartSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await updateCartItem(app.db, userId, request.params.itemId, request.body.quantity);
      return { data: await cartView(app.db, userId), message: MESSAGES.cart.updated };
    },
  );
};
export default route;
