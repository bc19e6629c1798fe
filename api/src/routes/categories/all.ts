/**
 * GET /categories/all: every category with its products (where /categories/only
 * is the bare list). The category page's "all" view uses the search service.
 */
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@campus/shared/http';
import { categoryWithProductsSchema, type Product } from '@campus/shared/schemas';
import { categories } from '../../db/schema';
import { listProducts } from '../../catalogue/products';

/** Bounded like the category page: the search service serves anything bigger. */
const PRODUCT_LIMIT = 1000;

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      schema: {
        tags: ['categories'],
        summary: 'Every category with its products',
        response: { 200: envelope(z.array(categoryWithProductsSchema)) },
      },
    },
    async () => {
      const [list, items] = await Promise.all([
        app.db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.position), asc(categories.name)),
        listProducts(app.db, undefined, PRODUCT_LIMIT),
      ]);
      const byCategory = new Map<string, Product[]>();
      for (const p of items) byCategory.set(p.categoryId, [...(byCategory.get(p.categoryId) ?? []), p]);
      return { data: list.map((c) => ({ ...c, products: byCategory.get(c.id) ?? [] })) };
    },
  );
};
export default route;
