/** Categories' routes (spec section 7, "Catalogue"). */
import type { FastifyInstance } from 'fastify';
import { categories } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import type { ProductSummary } from '@campus/shared/schemas';
import { notFound } from '../http/errors';
import { route, type ApiRoute } from '../http/route';
import { listProductSummaries, listProductsInCategory } from '../products';
import { findCategory, listCategories } from './repository';

/** The spec's category pages show every product; this bounds one answer (products come without their reviews). */
const PRODUCTS_PER_ANSWER = 1000;

export function categoryRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    route(categories.listCategories, async () => ({ data: await listCategories(app.db) })),

    route(categories.listCategoriesWithProducts, async () => {
      const [list, items] = await Promise.all([listCategories(app.db), listProductSummaries(app.db, undefined, PRODUCTS_PER_ANSWER)]);
      const byCategory = new Map<string, ProductSummary[]>();
      for (const p of items) byCategory.set(p.categoryId, [...(byCategory.get(p.categoryId) ?? []), p]);
      return { data: list.map((c) => ({ ...c, products: byCategory.get(c.id) ?? [] })) };
    }),

    route(categories.getCategory, async (request) => {
      const { id } = request.params;
      const category = await findCategory(app.db, id);
      if (!category) throw notFound(MESSAGES.categories.notFound(id));
      const list = await listProductsInCategory(app.db, category.id, PRODUCTS_PER_ANSWER);
      return { data: { id: category.id, name: category.name, products: list } };
    }),
  ];
}
