/** GET /products/{slug}: one product by slug or id, with category, seller and ratings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { productSchema } from '@campus/shared/schemas';
import { notFound } from '../../lib/http-errors';
import { findProductRow, toProduct } from '../../catalogue/products';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:slug',
    {
      schema: {
        tags: ['products'],
        summary: 'A product by slug or id',
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: envelope(productSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      const row = await findProductRow(app.db, request.params.slug);
      if (!row) throw notFound(MESSAGES.products.notFound);
      return { data: await toProduct(app.db, row) };
    },
  );
};
export default route;
