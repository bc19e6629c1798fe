import type { FastifyPluginAsync } from 'fastify';
import all from './all';
import getProduct from './get-product';

/** /api/v1/products/* (/all is registered first; a static segment wins over /:slug either way). */
const productRoutes: FastifyPluginAsync = async (app) => {
  await app.register(all);
  await app.register(getProduct);
};
export default productRoutes;
