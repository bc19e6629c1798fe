/**
 * Wishlist routes (spec section 7): the caller's own wishlist only. Adding a
 * product already there answers 400 'Product is already in your wishlist'
 * (the browser treats that as success); removing one that is not, 400.
 */
import type { FastifyInstance } from 'fastify';
import { wishlist } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { badRequest, notFound } from '../http/errors';
import { route, type ApiRoute } from '../http/route';
import { findProductRow, productRowsByIds, toProducts } from '../products';
import { addWishlistEntry, removeWishlistEntry, wishlistProductIds } from './repository';

export function wishlistRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    route(wishlist.getWishlist, async (request) => {
      const entries = await wishlistProductIds(app.db, request.auth.user.id);
      const rows = await productRowsByIds(
        app.db,
        entries.map((e) => e.productId),
      );
      const byId = new Map((await toProducts(app.db, rows)).map((p) => [p.id, p]));
      return { data: entries.map((e) => ({ productId: e.productId, product: byId.get(e.productId) })) };
    }),

    route(wishlist.addToWishlist, async (request) => {
      const product = await findProductRow(app.db, request.body.productId);
      if (!product) throw notFound(MESSAGES.products.notFound);
      const added = await addWishlistEntry(app.db, request.auth.user.id, product.id, app.clock.now());
      if (!added) throw badRequest(MESSAGES.wishlist.alreadyIn);
      return { data: { productId: product.id }, message: MESSAGES.wishlist.added };
    }),

    route(wishlist.removeFromWishlist, async (request) => {
      // Like add, a slug or an id (a link may carry either).
      const product = await findProductRow(app.db, request.params.productId);
      const removed = await removeWishlistEntry(app.db, request.auth.user.id, product?.id ?? request.params.productId);
      if (!removed) throw badRequest(MESSAGES.wishlist.notIn);
      return { message: MESSAGES.wishlist.removed };
    }),
  ];
}
