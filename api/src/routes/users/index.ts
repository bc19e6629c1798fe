import type { FastifyPluginAsync } from 'fastify';
import changePassword from './change-password';
import updateProfile from './update-profile';

/** /api/v1/users/* */
const userRoutes: FastifyPluginAsync = async (app) => {
  await app.register(updateProfile);
  await app.register(changePassword);
};
export default userRoutes;
