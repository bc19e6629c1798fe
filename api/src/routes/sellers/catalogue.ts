/** GET /sellers/{id}/catalogue: the public store page (no bank details), with its products. */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { sellerCatalogueSchema } from '@campus/shared/schemas';
import { products, users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { fullNameOf } from '../../lib/users';
import { listProducts } from '../../catalogue/products';
import { sellerById, sellerStats } from '../../catalogue/sellers';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sellers/:id/catalogue',
    {
      schema: {
        tags: ['sellers'],
        summary: 'A public seller catalogue',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: envelope(sellerCatalogueSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      const seller = await sellerById(app.db, request.params.id);
      if (!seller) throw notFound(MESSAGES.validation.sellerInfoNotFound);
      const [owner] = await app.db
        .select({ firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture })
        .from(users)
        .where(eq(users.id, seller.userId))
        .limit(1);
      const [items, stats] = await Promise.all([
        listProducts(app.db, eq(products.sellerId, seller.id)),
        sellerStats(app.db, seller.id),
      ]);
      const picture = seller.picture?.galleryUrl ?? null;
      return {
        data: {
          id: seller.id,
          catalogueName: seller.catalogueName,
          catalogueCover: picture,
          cataloguePicture: picture,
          storeDescription: seller.storeDescription,
          location: seller.location,
          createdAt: seller.createdAt.toISOString(),
          averageRating: stats.averageRating,
          user: {
            name: owner ? fullNameOf(owner) : '',
            firstName: owner?.firstName ?? '',
            profilePicture: owner?.profilePicture ?? null,
          },
          _count: { products: stats.productCount },
          products: items,
        },
      };
    },
  );
};
export default route;
