import type { FastifyPluginAsync } from 'fastify';
import add from './add';
import clear from './clear';
import getCart from './get-cart';
import removeItem from './remove-item';
import updateItem from './update-item';

/** /api/v1/cart/* — every route acts on the signed-in user's own cart only. */
const cartRoutes: FastifyPluginAsync = async (app) => {
  for (const route of [getCart, add, updateItem, removeItem, clear]) await app.register(route);
};
export default cartRoutes;
