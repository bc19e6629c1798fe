/** GET /categories/all: every category with how many products it holds. */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@campus/shared/http';
import { categorySchema } from '@campus/shared/schemas';
import { categories, products } from '../../db/schema';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      schema: {
        tags: ['categories'],
        summary: 'Categories with product counts',
        response: { 200: envelope(z.array(categorySchema.extend({ productCount: z.number().int() }))) },
      },
    },
    async () => {
      const rows = await app.db
        .select({ id: categories.id, name: categories.name, productCount: sql<number>`count(${products.id})::int` })
        .from(categories)
        .leftJoin(products, eq(products.categoryId, categories.id))
        .groupBy(categories.id, categories.name, categories.position)
        .orderBy(asc(categories.position), asc(categories.name));
      return { data: rows.map((r) => ({ ...r, productCount: Number(r.productCount) })) };
    },
  );
};
export default route;
