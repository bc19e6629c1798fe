/** GET /categories/only: the category list for filters and the add-product form. */
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@campus/shared/http';
import { categorySchema } from '@campus/shared/schemas';
import { categories } from '../../db/schema';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/only',
    { schema: { tags: ['categories'], summary: 'The categories', response: { 200: envelope(z.array(categorySchema)) } } },
    async () => ({
      data: await app.db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.position), asc(categories.name)),
    }),
  );
};
export default route;
