import { call } from '@campus/shared/call';
import { orders } from '@campus/shared/endpoints';
import type { SellerOrder } from '@campus/shared/schemas';

const PAGE = 100;
/** 20 pages of 100: a student store's whole history; past that the figures say they cover the newest 2,000. */
export const MAX_INSIGHT_ORDERS = 2000;

/**
 * Every order of my store (with the buyer's first name), newest first, read page by page from the paged
 * list (100 a page, the API's largest): Customers and Analytics are figures
 * over the whole history, and a campus store's history is a few pages.
 */
export async function getAllSellerOrders(sellerId: string, signal?: AbortSignal): Promise<{ orders: SellerOrder[]; complete: boolean }> {
  const all: SellerOrder[] = [];
  for (let page = 1; all.length < MAX_INSIGHT_ORDERS; page += 1) {
    const answer = await call(orders.listSellerOrders, { params: { sellerId }, query: { page, limit: PAGE } }, { signal });
    all.push(...answer.data);
    if (page >= answer.pagination.totalPages) return { orders: all, complete: true };
  }
  return { orders: all, complete: false };
}
