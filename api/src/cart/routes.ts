/** Cart routes (spec section 7): each acts on the caller's own cart and answers the whole cart as it now stands. */
import type { FastifyInstance } from 'fastify';
import { cart } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { route, type ApiRoute } from '../http/route';
import { addToCart, cartView, clearCart, removeCartItem, updateCartItem } from './repository';

export function cartRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    route(cart.getCart, async (request) => ({ data: await cartView(app.db, request.auth.user.id) })),

    route(cart.addToCart, async (request) => {
      const userId = request.auth.user.id;
      await addToCart(app.db, userId, request.body.items, request.body.cartId, app.clock.now());
      return { data: await cartView(app.db, userId), message: MESSAGES.cart.added };
    }),

    route(cart.updateCartItem, async (request) => {
      const userId = request.auth.user.id;
      await updateCartItem(app.db, userId, request.params.itemId, request.body.quantity);
      return { data: await cartView(app.db, userId), message: MESSAGES.cart.updated };
    }),

    route(cart.removeCartItem, async (request) => {
      const userId = request.auth.user.id;
      await removeCartItem(app.db, userId, request.params.itemId);
      return { data: await cartView(app.db, userId), message: MESSAGES.cart.removed };
    }),

    route(cart.clearCart, async (request) => {
      const userId = request.auth.user.id;
      await clearCart(app.db, userId);
      return { data: await cartView(app.db, userId), message: MESSAGES.cart.cleared };
    }),
  ];
}
