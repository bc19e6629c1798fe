/** GET /products/all?page=1&limit=10: every product, newest first, with spec section 3's pagination. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEARCH_PAGE_SIZE } from '@campus/shared/constants';
import { pagedEnvelope } from '@campus/shared/http';
import { productSchema } from '@campus/shared/schemas';
import { countProducts, listProducts } from '../../catalogue/products';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      schema: {
        tags: ['products'],
        summary: 'All products, paginated',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE),
        }),
        response: { 200: pagedEnvelope(productSchema) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const [totalItems, data] = await Promise.all([countProducts(app.db), listProducts(app.db, undefined, limit, (page - 1) * limit)]);
      return {
        data,
        pagination: { currentPage: page, totalPages: Math.ceil(totalItems / limit), totalItems, itemsPerPage: limit },
      };
    },
  );
};
export default route;
