/**
 * Every /api/v1 route area. One route per file (with its schema); an area's
 * index registers its files. A new area adds one line here.
 */
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth';
import cartRoutes from './cart';
import categoryRoutes from './categories';
import health from './health/health';
import productRoutes from './products';
import searchRoutes from './search';
import sellerRoutes from './sellers';
import userRoutes from './users';
import wishlistRoutes from './wishlist';

const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(health);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/users' });
  await app.register(sellerRoutes);
  await app.register(productRoutes, { prefix: '/products' });
  await app.register(categoryRoutes, { prefix: '/categories' });
  await app.register(cartRoutes, { prefix: '/cart' });
  await app.register(wishlistRoutes, { prefix: '/wishlist' });
  await app.register(searchRoutes, { prefix: '/search' });
};
export default apiRoutes;
