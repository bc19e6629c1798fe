/** Products (spec section 7, "Catalogue"). */
import { z } from 'zod';
import { SEARCH_PAGE_SIZE } from '../constants';
import { envelope, pagedEnvelope, pageQuery } from '../http';
import { productSchema } from '../schemas/entities';
import { defineEndpoint } from './define';

export const getProduct = defineEndpoint({
  name: 'products.get',
  method: 'GET',
  path: '/products/:slug',
  access: 'public',
  summary: 'One product by slug or id',
  params: z.object({ slug: z.string().min(1).max(200) }),
  response: envelope(productSchema),
  errors: [404],
});

export const listProducts = defineEndpoint({
  name: 'products.list',
  method: 'GET',
  path: '/products/all',
  access: 'public',
  summary: 'Every product, newest first, paged (defined by the spec, unused by its screens)',
  query: pageQuery(SEARCH_PAGE_SIZE),
  response: pagedEnvelope(productSchema),
  errors: [400],
});
