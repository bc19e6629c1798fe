/** Sellers' routes (spec section 7, "Seller"): the store and its products. Store pictures and product photos come as multipart. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_PRODUCT_PHOTOS } from '@campus/shared/constants';
import { sellers } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { readMultipart, type MultipartBody } from '../http/multipart';
import { jsonFields } from '../http/form-fields';
import { route, type ApiRoute } from '../http/route';
import { uploadLimits, userLimit } from '../plugins/rate-limits';
import * as service from './service';

const PRODUCT_PHOTO_FIELDS = ['files', 'file', 'images'];

/** The two update endpoints also take JSON (a change without pictures); it reads as a form with no files. */
async function formOrJson(request: FastifyRequest, fileFields: readonly string[], maxFiles: number): Promise<MultipartBody> {
  if (request.isMultipart()) return readMultipart(request, fileFields, maxFiles);
  const body = jsonFields(request.body);
  const urls = Array.isArray(body.imageUrls) ? body.imageUrls.filter((u): u is string => typeof u === 'string') : undefined;
  return { fields: body, lists: urls ? { imageUrls: urls } : {}, files: [] };
}

export function sellerRoutes(app: FastifyInstance): ApiRoute[] {
  // Every request that carries photos counts per student and towards one per-address flood guard (image processing and disk are not free).
  const uploads = uploadLimits(app);
  return [
    route(
      sellers.registerSeller,
      async (request) => {
        const form = await readMultipart(request, ['cataloguePicture'], 1);
        return { data: await service.register(app, request.auth.user.id, form), message: MESSAGES.seller.storeReady };
      },
      { config: uploads.config, preHandler: [uploads.preHandler] },
    ),

    // Before the store is opened: the name the bank gives the account, shown to the student before Finish. Each
    // look-up asks Paystack, so a student has a few an hour.
    route(
      sellers.checkBankAccount,
      async (request) => ({
        data: { accountName: (await app.bankAccounts.resolve(request.body.bankName, request.body.accountNumber)).accountName },
      }),
      { preHandler: [userLimit(app, 'accountCheck')] },
    ),

    route(sellers.getMySellerProfile, async (request) => ({ data: await service.myProfile(app, request.auth.user.id) })),

    route(sellers.getSellerCatalogue, async (request) => {
      const { q, category, sort, page, limit } = request.query;
      return { data: await service.publicCatalogue(app, request.params.id, { search: q, categoryId: category, sort, page, limit }) };
    }),

    route(
      sellers.updateStore,
      async (request) => {
        const form = await formOrJson(request, ['cataloguePicture'], 1);
        const { profile, message } = await service.updateStore(app, request.auth.user.id, request.params.id, form);
        return { data: profile, message };
      },
      { alsoJson: true, config: uploads.config, preHandler: [uploads.preHandler] },
    ),

    route(
      sellers.createProduct,
      async (request) => {
        const form = await readMultipart(request, PRODUCT_PHOTO_FIELDS, MAX_PRODUCT_PHOTOS);
        return {
          data: await service.createProduct(app, request.auth.user.id, request.params.id, form),
          message: MESSAGES.products.created,
        };
      },
      { config: uploads.config, preHandler: [uploads.preHandler] },
    ),

    route(
      sellers.updateProduct,
      async (request) => {
        const form = await formOrJson(request, PRODUCT_PHOTO_FIELDS, MAX_PRODUCT_PHOTOS);
        return {
          data: await service.updateProduct(app, request.auth.user.id, request.params.productId, form),
          message: MESSAGES.products.updated,
        };
      },
      { alsoJson: true, config: uploads.config, preHandler: [uploads.preHandler] },
    ),

    route(sellers.deleteProduct, async (request) => {
      await service.deleteProduct(app, request.auth.user.id, request.params.productId);
      return { message: MESSAGES.products.deleted };
    }),
  ];
}
