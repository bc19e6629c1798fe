/** POST /sellers/{id}/catalogue (multipart): the owning seller lists a product with 1 to 4 photos. */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PRODUCT_PHOTOS } from '@campus/shared/constants';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { productCreateFieldsSchema, productSchema } from '@campus/shared/schemas';
import { products } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { findCategory } from '../../catalogue/categories';
import { readMultipart } from '../../catalogue/multipart';
import { ownedSeller } from '../../catalogue/ownership';
import { makeSlug, toProduct } from '../../catalogue/products';
import { parseFields } from '../../catalogue/validate';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sellers/:id/catalogue',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['products'],
        summary: 'List a product (multipart: name, description, price, stockQuantity, categoryId, files[])',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 201: envelope(productSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const seller = await ownedSeller(app.db, request.params.id, user.id);
      const form = await readMultipart(request, ['files', 'file', 'images'], MAX_PRODUCT_PHOTOS);
      const fields = parseFields(productCreateFieldsSchema, form.fields, MESSAGES.validation.fillAllRequiredFields);
      const category = await findCategory(app.db, fields.categoryId);
      if (!category) throw badRequest(MESSAGES.products.unknownCategory);
      if (form.files.length === 0) throw badRequest(MESSAGES.products.needPhoto);
      const photos = await app.catalogue.photos.store('products', form.files);
      const now = app.clock.now();
      const [row] = await app.db
        .insert(products)
        .values({
          id: randomUUID(),
          slug: makeSlug(fields.name),
          sellerId: seller.id,
          categoryId: category.id,
          name: fields.name,
          description: fields.description,
          priceKobo: fields.price,
          stockQuantity: fields.stockQuantity,
          photos,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('product insert returned nothing');
      await app.catalogue.search.products([row.id]);
      return reply.status(201).send({ data: await toProduct(app.db, row), message: MESSAGES.products.created });
    },
  );
};
export default route;
