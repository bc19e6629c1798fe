/** GET /wishlist: my wishlist entries with their products, newest first. */
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { wishlistEntrySchema } from '@campus/shared/schemas';
import { products, wishlistItems } from '../../db/schema';
import { requireAuth } from '../../plugins/auth';
import { toProducts } from '../../catalogue/products';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['wishlist'],
        summary: 'My wishlist',
        security: [{ bearerAuth: [] }],
        response: { 200: envelope(z.array(wishlistEntrySchema)), 401: errorBodySchema },
      },
    },
    async (request) => {
      const entries = await app.db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, requireAuth(request).user.id))
        .orderBy(desc(wishlistItems.createdAt));
      const ids = entries.map((e) => e.productId);
      const rows = ids.length ? await app.db.select().from(products).where(inArray(products.id, ids)) : [];
      const byId = new Map((await toProducts(app.db, rows)).map((p) => [p.id, p]));
      return { data: entries.map((e) => ({ productId: e.productId, product: byId.get(e.productId) })) };
    },
  );
};
export default route;
