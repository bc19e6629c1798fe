/** POST /cart/add {items:[{productId, quantity}], cartId?}: quantities add up and never pass the stock. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { cartAddBodySchema, cartSchema } from '@campus/shared/schemas';
import { requireAuth } from '../../plugins/auth';
import { addToCart, cartView } from '../../catalogue/cart';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary: 'Add items to my cart',
        security: [{ bearerAuth: [] }],
        body: cartAddBodySchema,
        response: { 200: envelope(cartSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await addToCart(app.db, userId, request.body.items, request.body.cartId, app.clock.now());
      return { data: await cartView(app.db, userId), message: MESSAGES.cart.added };
    },
  );
};
export default route;
