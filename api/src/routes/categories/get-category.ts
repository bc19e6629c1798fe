/** GET /categories/{id}: a category (by id, or by name case-insensitively) with its products. ('all' is its own route.) */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { categoryWithProductsSchema } from '@campus/shared/schemas';
import { products } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { findCategory } from '../../catalogue/categories';
import { listProducts } from '../../catalogue/products';

/** The category page shows at most this many; the search service serves anything bigger. */
const CATEGORY_PRODUCT_LIMIT = 1000;

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'A category with its products',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: envelope(categoryWithProductsSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const category = await findCategory(app.db, id);
      if (!category) throw notFound(MESSAGES.categories.notFound(id));
      const list = await listProducts(app.db, eq(products.categoryId, category.id), CATEGORY_PRODUCT_LIMIT);
      return { data: { id: category.id, name: category.name, products: list } };
    },
  );
};
export default route;
