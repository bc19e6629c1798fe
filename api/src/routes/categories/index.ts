import type { FastifyPluginAsync } from 'fastify';
import all from './all';
import getCategory from './get-category';
import only from './only';

/** /api/v1/categories/* */
const categoryRoutes: FastifyPluginAsync = async (app) => {
  for (const route of [only, all, getCategory]) await app.register(route);
};
export default categoryRoutes;
