/** The signed-in student's cart (spec section 7). Every route acts on the caller's own cart only. */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { envelope } from '../http';
import { cartAddBodySchema, cartItemUpdateBodySchema } from '../schemas/catalogue';
import { cartSchema } from '../schemas/entities';
import { defineEndpoint } from './define';

const itemId = lazySchema(() => z.object({ itemId: z.string().min(1).max(100) }));

export const getCart = defineEndpoint({
  name: 'cart.get',
  method: 'GET',
  path: '/cart',
  access: 'signed-in',
  summary: 'My cart, grouped by seller, with totals',
  response: lazySchema(() => envelope(cartSchema)),
  errors: [401, 403],
});

export const addToCart = defineEndpoint({
  name: 'cart.add',
  method: 'POST',
  path: '/cart/add',
  access: 'signed-in',
  summary: 'Add items to my cart (quantities add up, never past the stock)',
  body: cartAddBodySchema,
  response: lazySchema(() => envelope(cartSchema)),
  errors: [400, 401, 403, 404],
});

export const updateCartItem = defineEndpoint({
  name: 'cart.updateItem',
  method: 'PATCH',
  path: '/cart/item/update/:itemId',
  access: 'signed-in',
  summary: 'Set the quantity of one cart line',
  params: itemId,
  body: cartItemUpdateBodySchema,
  response: lazySchema(() => envelope(cartSchema)),
  errors: [400, 401, 403, 404],
});

export const removeCartItem = defineEndpoint({
  name: 'cart.removeItem',
  method: 'DELETE',
  path: '/cart/item/remove/:itemId',
  access: 'signed-in',
  summary: 'Remove one cart line',
  params: itemId,
  response: lazySchema(() => envelope(cartSchema)),
  errors: [401, 403, 404],
});

export const clearCart = defineEndpoint({
  name: 'cart.clear',
  method: 'DELETE',
  path: '/cart/clear',
  access: 'signed-in',
  summary: 'Empty my cart',
  response: lazySchema(() => envelope(cartSchema)),
  errors: [401, 403],
});
