/** Products (spec section 7, "Catalogue"). */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
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
  params: lazySchema(() => z.object({ slug: z.string().min(1).max(200) })),
  response: lazySchema(() => envelope(productSchema)),
  errors: [404],
});

export const listProducts = defineEndpoint({
  name: 'products.list',
  method: 'GET',
  path: '/products/all',
  access: 'public',
  summary: 'Every product, newest first, paged (defined by the spec, unused by its screens)',
  query: lazySchema(() => pageQuery(SEARCH_PAGE_SIZE)),
  response: lazySchema(() => pagedEnvelope(productSchema)),
  errors: [400],
});

/** An anonymous visitor's key: random, made by the browser and kept in its storage. */
export const visitorKeySchema = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{16,64}$/));

export const recordProductView = defineEndpoint({
  name: 'products.view',
  method: 'POST',
  path: '/products/:id/views',
  access: 'public',
  summary:
    "A view of the product's page: counted once per student (or anonymous visitor key) per product per day, with a daily cap per client; a signed-in student's token is read when sent",
  params: lazySchema(() => z.object({ id: z.string().min(1).max(200) })),
  body: lazySchema(() => z.object({ visitorKey: visitorKeySchema.optional() })),
  response: lazySchema(() => envelope(z.object({ counted: z.boolean() }))),
  errors: [404],
});
