/** POST /wishlist/add {productId}: 400 'Product is already in your wishlist' when it is there (the browser treats that as success). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { wishlistAddBodySchema, wishlistEntrySchema } from '@campus/shared/schemas';
import { wishlistItems } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { findProductRow } from '../../catalogue/products';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to my wishlist',
        security: [{ bearerAuth: [] }],
        body: wishlistAddBodySchema,
        response: { 201: envelope(wishlistEntrySchema), 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const product = await findProductRow(app.db, request.body.productId);
      if (!product) throw notFound(MESSAGES.products.notFound);
      const inserted = await app.db
        .insert(wishlistItems)
        .values({ userId, productId: product.id, createdAt: app.clock.now() })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw badRequest(MESSAGES.wishlist.alreadyIn);
      return reply.status(201).send({ data: { productId: product.id }, message: MESSAGES.wishlist.added });
    },
  );
};
export default route;
