import { call } from '@campus/shared/call';
import { orders } from '@campus/shared/endpoints';
import type { Order } from '@campus/shared/schemas';

/** POST /orders/complete: the buyer's 6-digit code completes one of my open orders and releases its money. */
export async function completeOrder(code: string): Promise<Order> {
  return (await call(orders.completeOrder, { body: { code } })).data;
}
