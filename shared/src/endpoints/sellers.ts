/** Sellers and their catalogue (spec section 7, "Seller"). Store pictures and product photos travel as multipart. */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { CATALOGUE_PAGE_SIZE, CATALOGUE_SORTS } from '../constants';
import { envelope, messageOnlySchema, pageQuery } from '../http';
import {
  bankAccountCheckBodySchema,
  bankAccountCheckSchema,
  productCreateFieldsSchema,
  productUpdateFieldsSchema,
  sellerCatalogueSchema,
  sellerPaymentUpdateSchema,
  sellerProfileSchema,
  sellerRegisterBodySchema,
  sellerStoreUpdateSchema,
} from '../schemas/catalogue';
import { productSchema } from '../schemas/entities';
import { defineEndpoint } from './define';

const id = lazySchema(() => z.string().min(1).max(100));

export const registerSeller = defineEndpoint({
  name: 'sellers.register',
  method: 'POST',
  path: '/sellers/register',
  access: 'signed-in',
  summary:
    'Become a seller (store fields and an optional cataloguePicture); the payout account is checked with the bank, whose name for it is kept',
  multipart: { fields: sellerRegisterBodySchema, files: ['cataloguePicture'] },
  status: 201,
  response: lazySchema(() => envelope(sellerProfileSchema)),
  errors: [400, 401, 409, 503],
});

export const checkBankAccount = defineEndpoint({
  name: 'sellers.checkBankAccount',
  method: 'POST',
  path: '/sellers/account-check',
  access: 'signed-in',
  summary: "Look a payout account up with the bank before it is saved: the bank's name for it, which the store will keep",
  body: bankAccountCheckBodySchema,
  response: lazySchema(() => envelope(bankAccountCheckSchema)),
  errors: [400, 401, 429, 503],
});

export const getMySellerProfile = defineEndpoint({
  name: 'sellers.myProfile',
  method: 'GET',
  path: '/seller/profile',
  access: 'signed-in',
  summary: "The signed-in user's store (404 when not a seller)",
  response: lazySchema(() => envelope(sellerProfileSchema)),
  errors: [401, 404],
});

export const getSellerCatalogue = defineEndpoint({
  name: 'sellers.catalogue',
  method: 'GET',
  path: '/sellers/:id/catalogue',
  access: 'public',
  summary: 'The public store page with one page of its products: searched (q, name or description), filtered (category id) and sorted',
  params: lazySchema(() => z.object({ id })),
  query: lazySchema(() =>
    pageQuery(CATALOGUE_PAGE_SIZE).extend({
      q: z.string().trim().max(100).optional(),
      category: z.string().max(100).optional(),
      sort: z.enum(CATALOGUE_SORTS).default('newest'),
    }),
  ),
  response: lazySchema(() => envelope(sellerCatalogueSchema)),
  errors: [400, 404],
});

export const createProduct = defineEndpoint({
  name: 'sellers.createProduct',
  method: 'POST',
  path: '/sellers/:id/catalogue',
  access: 'signed-in',
  summary: 'Add a product to my store (fields and files[] photos)',
  params: lazySchema(() => z.object({ id })),
  multipart: { fields: productCreateFieldsSchema, files: ['files'] },
  status: 201,
  response: lazySchema(() => envelope(productSchema)),
  errors: [400, 401, 403, 404],
});

export const updateProduct = defineEndpoint({
  name: 'sellers.updateProduct',
  method: 'PUT',
  path: '/sellers/:productId/catalogue',
  access: 'signed-in',
  summary: 'Change a product of my store (only the fields given; photos kept, removed or added)',
  params: lazySchema(() => z.object({ productId: id })),
  multipart: { fields: productUpdateFieldsSchema, files: ['files'], repeated: ['imageUrls'] },
  response: lazySchema(() => envelope(productSchema)),
  errors: [400, 401, 403, 404],
});

export const updateStore = defineEndpoint({
  name: 'sellers.updateStore',
  method: 'PUT',
  path: '/sellers/:id',
  access: 'signed-in',
  summary:
    'Change my store: the Store Info payload, or the Payments payload (current password asked again; the account checked with the bank)',
  params: lazySchema(() => z.object({ id })),
  multipart: { fields: lazySchema(() => z.union([sellerStoreUpdateSchema, sellerPaymentUpdateSchema])), files: ['cataloguePicture'] },
  response: lazySchema(() => envelope(sellerProfileSchema)),
  errors: [400, 401, 403, 404, 429, 503],
});

export const deleteProduct = defineEndpoint({
  name: 'sellers.deleteProduct',
  method: 'DELETE',
  path: '/sellers/:productId',
  access: 'signed-in',
  summary: 'Delete a product of my store',
  params: lazySchema(() => z.object({ productId: id })),
  response: messageOnlySchema,
  errors: [401, 403, 404],
});
