import type { FastifyPluginAsync } from 'fastify';
import { registerMultipart } from '../../catalogue/multipart';
import catalogue from './catalogue';
import createProduct from './create-product';
import deleteProduct from './delete-product';
import profile from './profile';
import register from './register';
import update from './update';
import updateProduct from './update-product';

/** /api/v1/sellers/* and /api/v1/seller/profile (paths are written out in each file). */
const sellerRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);
  for (const route of [register, profile, catalogue, update, createProduct, updateProduct, deleteProduct]) {
    await app.register(route);
  }
};
export default sellerRoutes;
