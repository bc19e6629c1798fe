/** DELETE /sellers/{productId}: the owning seller removes a product (photos and search record go too). */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, messageOnlySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { products } from '../../db/schema';
import { requireAuth } from '../../plugins/auth';
import { ownedProduct } from '../../catalogue/ownership';

const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/sellers/:productId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['products'],
        summary: 'Delete a product (owning seller only)',
        security: [{ bearerAuth: [] }],
        params: z.object({ productId: z.string().min(1).max(100) }),
        response: { 200: messageOnlySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { product } = await ownedProduct(app.db, request.params.productId, user.id);
      await app.db.delete(products).where(eq(products.id, product.id));
      await app.catalogue.photos.remove(product.photos);
      await app.catalogue.search.removed([product.id]);
      return { message: MESSAGES.products.deleted };
    },
  );
};
export default route;
