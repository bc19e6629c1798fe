/**
 * PUT /sellers/{productId}/catalogue (multipart or JSON), owning seller only:
 * only the fields given change. Photos: `imageUrls` lists the current photos
 * to keep (in order); new `files` are added after them; files without
 * `imageUrls` replace the photos. At most 4, at least 1.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PRODUCT_PHOTOS } from '@campus/shared/constants';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { productSchema, productUpdateFieldsSchema } from '@campus/shared/schemas';
import { products, type PhotoRef, type ProductRow } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { PhotoError } from '../../photos/process';
import { requireAuth } from '../../plugins/auth';
import { findCategory } from '../../catalogue/categories';
import { readMultipart, type MultipartBody } from '../../catalogue/multipart';
import { ownedProduct } from '../../catalogue/ownership';
import { toProduct } from '../../catalogue/products';
import { jsonFields, parseFields } from '../../catalogue/validate';

function keptPhotos(current: readonly PhotoRef[], listed: readonly string[]): PhotoRef[] {
  const kept: PhotoRef[] = [];
  for (const url of listed) {
    const photo = current.find((p) => p.galleryUrl === url || p.cardUrl === url);
    if (photo && !kept.includes(photo)) kept.push(photo);
  }
  return kept;
}

const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/sellers/:productId/catalogue',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['products'],
        summary: 'Update a product (owning seller only; only the fields given)',
        consumes: ['multipart/form-data', 'application/json'],
        security: [{ bearerAuth: [] }],
        params: z.object({ productId: z.string().min(1).max(100) }),
        response: { 200: envelope(productSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { product } = await ownedProduct(app.db, request.params.productId, user.id);
      let form: MultipartBody;
      if (request.isMultipart()) {
        form = await readMultipart(request, ['files', 'file', 'images'], MAX_PRODUCT_PHOTOS);
      } else {
        const body = jsonFields(request.body);
        const urls = Array.isArray(body.imageUrls) ? body.imageUrls.filter((u): u is string => typeof u === 'string') : undefined;
        form = { fields: body as Record<string, string>, lists: urls ? { imageUrls: urls } : {}, files: [] };
      }
      const { imageUrls: _ignored, ...textFields } = form.fields;
      const fields = parseFields(productUpdateFieldsSchema, textFields, MESSAGES.validation.fillAllRequiredFields);
      const changes: Partial<ProductRow> = { updatedAt: app.clock.now() };
      if (fields.name !== undefined) changes.name = fields.name;
      if (fields.description !== undefined) changes.description = fields.description;
      if (fields.price !== undefined) changes.priceKobo = fields.price;
      if (fields.stockQuantity !== undefined) changes.stockQuantity = fields.stockQuantity;
      if (fields.categoryId !== undefined) {
        const category = await findCategory(app.db, fields.categoryId);
        if (!category) throw badRequest(MESSAGES.products.unknownCategory);
        changes.categoryId = category.id;
      }

      const listed = form.lists.imageUrls;
      let removed: PhotoRef[] = [];
      if (listed !== undefined || form.files.length > 0) {
        const kept = listed !== undefined ? keptPhotos(product.photos, listed) : [];
        if (kept.length + form.files.length > MAX_PRODUCT_PHOTOS) throw new PhotoError('too-many', MESSAGES.uploads.tooManyPhotos(MAX_PRODUCT_PHOTOS));
        if (kept.length + form.files.length === 0) throw badRequest(MESSAGES.products.needPhoto);
        const added = await app.catalogue.photos.store('products', form.files);
        changes.photos = [...kept, ...added];
        removed = product.photos.filter((p) => !kept.includes(p));
      }
      const [row] = await app.db.update(products).set(changes).where(eq(products.id, product.id)).returning();
      await app.catalogue.photos.remove(removed);
      await app.catalogue.search.products([product.id]);
      return { data: await toProduct(app.db, row ?? product), message: MESSAGES.products.updated };
    },
  );
};
export default route;
