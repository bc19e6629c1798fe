/** Categories (spec section 7, "Catalogue"; cached 5 minutes by the browser, spec section 4). */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { envelope } from '../http';
import { categoryWithProductsSchema } from '../schemas/catalogue';
import { categorySchema } from '../schemas/entities';
import { dataOrBareList, defineEndpoint } from './define';

export const listCategories = defineEndpoint({
  name: 'categories.list',
  method: 'GET',
  path: '/categories/only',
  access: 'public',
  summary: 'Category names and ids',
  response: lazySchema(() => envelope(z.array(categorySchema))),
  errors: [],
  readAnswer: dataOrBareList,
});

export const listCategoriesWithProducts = defineEndpoint({
  name: 'categories.listWithProducts',
  method: 'GET',
  path: '/categories/all',
  access: 'public',
  summary: 'Every category with its newest products (defined by the spec, unused by its screens)',
  response: lazySchema(() => envelope(z.array(categoryWithProductsSchema))),
  errors: [],
});

export const getCategory = defineEndpoint({
  name: 'categories.get',
  method: 'GET',
  path: '/categories/:id',
  access: 'public',
  summary: 'A category with its products',
  params: lazySchema(() => z.object({ id: z.string().min(1).max(100) })),
  response: lazySchema(() => envelope(categoryWithProductsSchema)),
  errors: [404],
});
