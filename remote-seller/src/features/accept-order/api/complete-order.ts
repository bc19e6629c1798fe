import { call } from '@campus/shared/call';
import { orders } from '@campus/shared/endpoints';
import type { PagedEnvelope } from '@campus/shared/http';
import type { Order, OrderRelease, SellerOrder, SellerPayouts } from '@campus/shared/schemas';

/** How many open orders the dialog lists at once (newest first); a search finds the others. */
export const OPEN_ORDERS_LIMIT = 50;

/** GET /orders/{sellerId}/seller?open=true: my store's open orders, newest first, with the buyer's first name. */
export function listOpenOrders(sellerId: string, q: string, signal?: AbortSignal): Promise<PagedEnvelope<SellerOrder>> {
  return call(
    orders.listSellerOrders,
    { params: { sellerId }, query: { page: 1, limit: OPEN_ORDERS_LIMIT, open: 'true', ...(q ? { q } : {}) } },
    { signal },
  );
}

export interface CompletedOrder {
  order: Order;
  /** Where the money went; undefined from an API that does not say yet. */
  release: OrderRelease | undefined;
}

/** POST /orders/complete: the buyer's 6-digit code completes that one open order of mine and releases its money. */
export async function completeOrder({ orderId, code }: { orderId: string; code: string }): Promise<CompletedOrder> {
  const answer = await call(orders.completeOrder, { body: { orderId, code } });
  return { order: answer.data, release: answer.release };
}

/** GET /sellers/{id}/payouts: the store's balances, read again after a completion to show what Available is now. */
export async function getBalances(sellerId: string, signal?: AbortSignal): Promise<SellerPayouts> {
  return (await call(orders.getSellerPayouts, { params: { id: sellerId } }, { signal })).data;
}
