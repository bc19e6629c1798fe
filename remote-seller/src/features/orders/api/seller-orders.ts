import { call } from '@campus/shared/call';
import { orders } from '@campus/shared/endpoints';
import type { PagedEnvelope } from '@campus/shared/http';
import type { Dispute, Order, SellerOrder } from '@campus/shared/schemas';

export const ORDERS_PAGE_SIZE = 10;

/** GET /orders/{sellerId}/seller: one page of my store's orders, newest first, with the buyer's first name; q searches every page. */
export function listSellerOrders(
  sellerId: string,
  page: number,
  q: string,
  signal?: AbortSignal,
  limit = ORDERS_PAGE_SIZE,
): Promise<PagedEnvelope<SellerOrder>> {
  return call(orders.listSellerOrders, { params: { sellerId }, query: { page, limit, ...(q ? { q } : {}) } }, { signal });
}

export type OrderMove = 'CONFIRMED' | 'PROCESSING' | 'CANCELLED';

/** PUT /orders/{orderId}/status: Confirm, Process, or Cancel (the API refunds the buyer). */
export async function moveOrder(orderId: string, orderStatus: OrderMove): Promise<Order> {
  return (await call(orders.updateOrderStatus, { params: { orderId }, body: { orderStatus } })).data;
}

/**
 * POST /orders/{orderId}/dispute/statements: the seller's answer to a buyer's
 * dispute, text and up to 4 photos (photos[]); answers the dispute as it is now.
 */
export async function answerDispute(orderId: string, text: string, photos: readonly File[]): Promise<Dispute> {
  return (await call(orders.addDisputeStatement, { params: { orderId }, fields: { text }, files: { photos } })).data;
}
