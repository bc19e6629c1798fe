/** The signed-in student's wishlist (spec section 7). */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { envelope, messageOnlySchema } from '../http';
import { wishlistAddBodySchema } from '../schemas/catalogue';
import { wishlistEntrySchema } from '../schemas/entities';
import { dataOrBareList, defineEndpoint } from './define';

export const getWishlist = defineEndpoint({
  name: 'wishlist.get',
  method: 'GET',
  path: '/wishlist',
  access: 'signed-in',
  summary: 'My wishlist entries with their products',
  response: lazySchema(() => envelope(z.array(wishlistEntrySchema))),
  errors: [401],
  readAnswer: dataOrBareList,
});

export const addToWishlist = defineEndpoint({
  name: 'wishlist.add',
  method: 'POST',
  path: '/wishlist/add',
  access: 'signed-in',
  summary: 'Add a product (by id or slug) to my wishlist',
  body: wishlistAddBodySchema,
  status: 201,
  response: lazySchema(() => envelope(wishlistEntrySchema)),
  errors: [400, 401, 404],
});

export const removeFromWishlist = defineEndpoint({
  name: 'wishlist.remove',
  method: 'DELETE',
  path: '/wishlist/remove/:productId',
  access: 'signed-in',
  summary: 'Remove a product (by id or slug) from my wishlist',
  params: lazySchema(() => z.object({ productId: z.string().min(1).max(100) })),
  response: messageOnlySchema,
  errors: [400, 401],
});
