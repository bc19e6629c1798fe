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

    // Who viewed: the signed-in student when a valid token comes, else the browser's visitor key, else the address.
    route(products.recordProductView, async (request, reply) => {
      const row = await findProductRow(app.db, request.params.id);
      if (!row) throw notFound(MESSAGES.products.notFound);
      let userId: string | null = null;
      if (request.headers.authorization) {
        userId = await Promise.resolve(app.authenticate.call(app, request, reply))
          .then(() => request.auth?.user.id ?? null)
          .catch(() => null);
      }
      const address = `ip:${request.ip}`;
      const viewer = userId ? `user:${userId}` : request.body.visitorKey ? `visitor:${request.body.visitorKey}` : address;
      const counted = app.productViews.record(row.id, viewer, viewer === address ? [address] : [viewer, address]);
      return { data: { counted } };
    }),

    route(products.getProduct, async (request) => {
      const row = await findProductRow(app.db, request.params.slug);
      if (!row) throw notFound(MESSAGES.products.notFound);
      return { data: await toProduct(app.db, row) };
    }),
  ];
}
