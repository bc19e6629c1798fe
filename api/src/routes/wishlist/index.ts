import type { FastifyPluginAsync } from 'fastify';
import add from './add';
import getWishlist from './get-wishlist';
import remove from './remove';

/** /api/v1/wishlist/* — the signed-in user's own wishlist only. */
const wishlistRoutes: FastifyPluginAsync = async (app) => {
  for (const route of [getWishlist, add, remove]) await app.register(route);
};
export default wishlistRoutes;
