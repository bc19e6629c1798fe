/** Products' routes (spec section 7, "Catalogue"). Sellers change products through the sellers domain. */
import type { FastifyInstance } from 'fastify';
import { products } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { notFound } from '../http/errors';
import { pagination } from '../http/pagination';
import { route, type ApiRoute } from '../http/route';
import { countProducts, findProductRow, listProducts, toProduct } from './repository';

export function productRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    route(products.listProducts, async (request) => {
      const { page, limit } = request.query;
      const [totalItems, data] = await Promise.all([countProducts(app.db), listProducts(app.db, undefined, limit, (page - 1) * limit)]);
      return { data, pagination: pagination(page, limit, totalItems) };
    }),

    route(products.getProduct, async (request) => {
      const row = await findProductRow(app.db, request.params.slug);
      if (!row) throw notFound(MESSAGES.products.notFound);
      return { data: await toProduct(app.db, row) };
    }),
  ];
}
