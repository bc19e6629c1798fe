import type { FastifyPluginAsync } from 'fastify';
import config from './config';

/** /api/v1/search/* (the Algolia protocol itself is served at /1/* by the catalogue plugin). */
const searchRoutes: FastifyPluginAsync = async (app) => {
  await app.register(config);
};
export default searchRoutes;
