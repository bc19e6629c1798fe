/**
 * Every /api/v1 route area. One route per file (with its schema); an area's
 * index registers its files. A new area adds one line here.
 */
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth';
import health from './health/health';
import userRoutes from './users';

const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(health);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/users' });
};
export default apiRoutes;
