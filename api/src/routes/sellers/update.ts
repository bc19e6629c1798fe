/**
 * PUT /sellers/{id} (multipart or JSON), owner only: either the Store Info
 * payload (catalogueName, storeDescription, phoneNumber, whatsappNumber,
 * location, cataloguePicture) or the Payments payload (bankName,
 * accountNumber, accountName). A new store name is pushed to the search index.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { sellerPaymentUpdateSchema, sellerProfileSchema, sellerStoreUpdateSchema } from '@campus/shared/schemas';
import { sellers, type SellerRow } from '../../db/schema';
import { requireAuth } from '../../plugins/auth';
import { readMultipart, type MultipartBody } from '../../catalogue/multipart';
import { ownedSeller } from '../../catalogue/ownership';
import { toSellerProfile } from '../../catalogue/sellers';
import { jsonFields, parseFields } from '../../catalogue/validate';

const PAYMENT_FIELDS = ['bankName', 'accountNumber', 'accountName'];

const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/sellers/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['sellers'],
        summary: 'Update store info or payment details (owner only)',
        consumes: ['multipart/form-data', 'application/json'],
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: envelope(sellerProfileSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const seller = await ownedSeller(app.db, request.params.id, user.id);
      const form: MultipartBody = request.isMultipart()
        ? await readMultipart(request, ['cataloguePicture'], 1)
        : { fields: jsonFields(request.body) as Record<string, string>, lists: {}, files: [] };
      const isPayment = PAYMENT_FIELDS.some((f) => f in form.fields);
      const changes: Partial<SellerRow> = { updatedAt: app.clock.now() };
      let message: string = MESSAGES.seller.storeUpdated;
      if (isPayment) {
        Object.assign(changes, parseFields(sellerPaymentUpdateSchema, form.fields, MESSAGES.sellerRegister.invalid));
        message = MESSAGES.seller.paymentUpdated;
      }
      if (!isPayment || 'catalogueName' in form.fields) {
        const store = parseFields(sellerStoreUpdateSchema, form.fields, MESSAGES.sellerRegister.invalid);
        changes.catalogueName = store.catalogueName;
        if ('storeDescription' in form.fields) changes.storeDescription = store.storeDescription ?? null;
        if (store.phoneNumber) changes.phoneNumber = store.phoneNumber;
        if ('whatsappNumber' in form.fields) changes.whatsappNumber = store.whatsappNumber ?? store.phoneNumber ?? seller.phoneNumber;
        if (store.location) changes.location = store.location;
      }
      const [picture] = await app.catalogue.photos.store('sellers', form.files, 1);
      if (picture) changes.picture = picture;
      const [row] = await app.db.update(sellers).set(changes).where(eq(sellers.id, seller.id)).returning();
      if (picture && seller.picture) await app.catalogue.photos.remove([seller.picture]);
      if (changes.catalogueName && changes.catalogueName !== seller.catalogueName) await app.catalogue.search.seller(seller.id);
      return { data: await toSellerProfile(app.db, row ?? seller), message };
    },
  );
};
export default route;
