/**
 * Orders, completion by code, payouts and ratings (spec sections 3, 4, 7).
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { SEARCH_PAGE_SIZE } from '../constants';
import { envelope, pagedEnvelope, pageQuery } from '../http';
import { disputeSchema, orderSchema, ratingSchema } from '../schemas/entities';
import {
  buyerOrderSchema,
  disputeOpenBodySchema,
  disputeStatementFieldsSchema,
  orderCompleteBodySchema,
  orderReleaseSchema,
  orderStatusUpdateBodySchema,
  ratingCreateBodySchema,
  sellerOrderSchema,
  sellerPayoutsSchema,
  sellerSalesSchema,
  storeProductViewsSchema,
} from '../schemas/orders';
import { dataOrBareList, defineEndpoint } from './define';

const id = lazySchema(() => z.string().min(1).max(100));
const ordersPage = lazySchema(() => pageQuery(SEARCH_PAGE_SIZE));

export const listMyOrders = defineEndpoint({
  name: 'orders.listMine',
  method: 'GET',
  path: '/orders/user',
  access: 'signed-in',
  summary: 'My orders as a buyer, newest first, with their completion codes while open',
  query: ordersPage,
  response: lazySchema(() => pagedEnvelope(buyerOrderSchema)),
  errors: [400, 401, 403],
  // Spec section 7: "answer is an array or {data: array}".
  readAnswer: (body) => {
    const wrapped = dataOrBareList(body);
    if (typeof wrapped === 'object' && wrapped !== null && 'data' in wrapped && !('pagination' in wrapped) && Array.isArray(wrapped.data)) {
      const n = wrapped.data.length;
      return { ...wrapped, pagination: { currentPage: 1, totalPages: 1, totalItems: n, itemsPerPage: Math.max(n, 1) } };
    }
    return wrapped;
  },
});

export const listSellerOrders = defineEndpoint({
  name: 'orders.listForSeller',
  method: 'GET',
  path: '/orders/:sellerId/seller',
  access: 'signed-in',
  summary:
    "My store's orders, newest first (store owner only; never the completion code), with the buyer's first name; q finds an order id or code, a buyer id or first name, or a hostel; open=true keeps the open orders only",
  params: lazySchema(() => z.object({ sellerId: id })),
  query: lazySchema(() => ordersPage.extend({ q: z.string().trim().max(100).optional(), open: z.enum(['true', 'false']).optional() })),
  response: lazySchema(() => pagedEnvelope(sellerOrderSchema)),
  errors: [400, 401, 403, 404],
});

export const updateOrderStatus = defineEndpoint({
  name: 'orders.updateStatus',
  method: 'PUT',
  path: '/orders/:orderId/status',
  access: 'signed-in',
  summary: 'Move an order of my store: PENDING→CONFIRMED→PROCESSING, or CANCELLED with a refund',
  params: lazySchema(() => z.object({ orderId: id })),
  body: orderStatusUpdateBodySchema,
  response: lazySchema(() => envelope(orderSchema)),
  errors: [400, 401, 403, 404, 409],
});

export const cancelMyOrder = defineEndpoint({
  name: 'orders.cancelMine',
  method: 'POST',
  path: '/orders/:orderId/cancel',
  access: 'signed-in',
  summary: 'Cancel my order while PENDING: refund and stock back (an accepted order 14 days after payment: 409, open a dispute instead)',
  params: lazySchema(() => z.object({ orderId: id })),
  response: lazySchema(() => envelope(buyerOrderSchema)),
  // 429: too many cancels (per user, per address): each one moves a refund and stock.
  errors: [401, 403, 404, 409, 429],
});

export const openDispute = defineEndpoint({
  name: 'orders.openDispute',
  method: 'POST',
  path: '/orders/:orderId/dispute',
  access: 'signed-in',
  summary: 'Open a dispute on my accepted order not completed 14 days after payment: the money stays held until the campus team decides',
  params: lazySchema(() => z.object({ orderId: id })),
  body: disputeOpenBodySchema,
  status: 201,
  response: lazySchema(() => envelope(buyerOrderSchema)),
  errors: [400, 401, 403, 404, 409],
});

export const getDispute = defineEndpoint({
  name: 'orders.getDispute',
  method: 'GET',
  path: '/orders/:orderId/dispute',
  access: 'signed-in',
  summary: "An order's dispute with its statements (the order's buyer or its store's owner only)",
  params: lazySchema(() => z.object({ orderId: id })),
  response: lazySchema(() => envelope(disputeSchema)),
  errors: [401, 403, 404],
});

export const addDisputeStatement = defineEndpoint({
  name: 'orders.addDisputeStatement',
  method: 'POST',
  path: '/orders/:orderId/dispute/statements',
  access: 'signed-in',
  summary: "Add a statement to an open dispute (the order's buyer, or its store's owner with up to 4 photos[])",
  params: lazySchema(() => z.object({ orderId: id })),
  multipart: { fields: disputeStatementFieldsSchema, files: ['photos'] },
  status: 201,
  response: lazySchema(() => envelope(disputeSchema)),
  errors: [400, 401, 403, 404, 409],
});

export const completeOrder = defineEndpoint({
  name: 'orders.complete',
  method: 'POST',
  path: '/orders/complete',
  access: 'signed-in',
  summary:
    "Complete one open order of my store with its buyer's 6-digit code (checked against that order only); releases the money. 5 wrong codes on an order replace its code; 20 wrong codes a UTC day lock the store until midnight (429)",
  body: orderCompleteBodySchema,
  // `release`: where the money went, to the kobo (absent from an API older than @campus/shared 1.5).
  response: lazySchema(() => envelope(orderSchema).extend({ release: orderReleaseSchema.optional() })),
  errors: [400, 401, 403, 404, 409, 429],
});

export const getSellerPayouts = defineEndpoint({
  name: 'orders.sellerPayouts',
  method: 'GET',
  path: '/sellers/:id/payouts',
  access: 'signed-in',
  summary: 'Money held, available and paid out for my store, and its payouts',
  params: lazySchema(() => z.object({ id })),
  response: lazySchema(() => envelope(sellerPayoutsSchema)),
  errors: [401, 403, 404],
});

export const getSellerSales = defineEndpoint({
  name: 'orders.sellerSales',
  method: 'GET',
  path: '/sellers/:id/sales',
  access: 'signed-in',
  summary: 'What my store sold: revenue, orders and buyers counted once, units sold per product (cancelled orders left out)',
  params: lazySchema(() => z.object({ id })),
  response: lazySchema(() => envelope(sellerSalesSchema)),
  errors: [401, 403, 404],
});

export const getStoreProductViews = defineEndpoint({
  name: 'orders.storeProductViews',
  method: 'GET',
  path: '/sellers/:id/product-views',
  access: 'signed-in',
  summary: "My store's product page views per product over the analytics window, with orders and view-to-order conversion",
  params: lazySchema(() => z.object({ id })),
  response: lazySchema(() => envelope(storeProductViewsSchema)),
  errors: [401, 403, 404],
});

export const rateProduct = defineEndpoint({
  name: 'orders.rateProduct',
  method: 'POST',
  path: '/products/:id/ratings',
  access: 'signed-in',
  summary: 'Rate a product I received (a DELIVERED order), once per order item',
  params: lazySchema(() => z.object({ id })),
  body: ratingCreateBodySchema,
  status: 201,
  response: lazySchema(() => envelope(ratingSchema)),
  errors: [400, 401, 403, 404, 409],
});
