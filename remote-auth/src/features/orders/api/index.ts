/** The buyer's orders (spec section 7); screens import them from here. */
import { call } from '@campus/shared/call';
import { orders } from '@campus/shared/endpoints';
import type { BuyerOrder, Dispute, RatingCreateBody } from '@campus/shared/schemas';

// The refunds that wait for the buyer's bank account, one endpoint per file.
export { giveRefundAccount, refundAccountError, useGiveRefundAccount } from './give-refund-account';
export { listRefundsAwaitingAccount, useRefundsAwaitingAccount } from './refunds-awaiting-account';

export const ORDERS_PAGE_SIZE = 10;

/** GET /orders/user: newest first, one page. */
export async function listMyOrders(page: number, signal?: AbortSignal) {
  return call(orders.listMyOrders, { query: { page, limit: ORDERS_PAGE_SIZE } }, { signal });
}

/** POST /orders/{orderId}/cancel: refund and stock back; answers the order as it is now. */
export async function cancelMyOrder(orderId: string): Promise<BuyerOrder> {
  return (await call(orders.cancelMyOrder, { params: { orderId } })).data;
}

/** POST /products/{id}/ratings for one delivered order item. */
export async function rateOrderItem(productId: string, body: RatingCreateBody): Promise<void> {
  await call(orders.rateProduct, { params: { id: productId }, body });
}

/** POST /orders/{orderId}/dispute: an accepted order not completed 14 days after payment; the money stays held. */
export async function openDispute(orderId: string, reason: string): Promise<BuyerOrder> {
  return (await call(orders.openDispute, { params: { orderId }, body: { reason } })).data;
}

/** POST /orders/{orderId}/dispute/statements: the buyer's statement (text only from this screen). */
export async function addDisputeStatement(orderId: string, text: string): Promise<Dispute> {
  return (await call(orders.addDisputeStatement, { params: { orderId }, fields: { text } })).data;
}
