/** DELETE /wishlist/remove/{productId}: 400 'Product is not in your wishlist' when absent. */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, messageOnlySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { findProductRow } from '../../catalogue/products';
import { wishlistItems } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';

const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/remove/:productId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a product from my wishlist',
        security: [{ bearerAuth: [] }],
        params: z.object({ productId: z.string().min(1).max(100) }),
        response: { 200: messageOnlySchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      // Like add, accept a slug or an id (a link may carry either).
      const product = await findProductRow(app.db, request.params.productId);
      const productId = product?.id ?? request.params.productId;
      const removed = await app.db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
        .returning();
      if (removed.length === 0) throw badRequest(MESSAGES.wishlist.notIn);
      return { message: MESSAGES.wishlist.removed };
    },
  );
};
export default route;
