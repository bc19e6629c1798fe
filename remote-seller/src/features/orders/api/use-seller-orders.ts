import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';
import { listSellerOrders } from './seller-orders';

/** One page of the Orders page's search; the page on screen stays while the next one loads. */
export function useSellerOrders(sellerId: string, page: number, q: string) {
  return useQuery({
    queryKey: queryKeys.seller.ordersSearch(sellerId, page, q),
    queryFn: ({ signal }) => listSellerOrders(sellerId, page, q, signal),
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's most recent orders. */
export function useRecentOrders(sellerId: string, limit: number) {
  return useQuery({
    queryKey: queryKeys.seller.recentOrders(sellerId),
    queryFn: ({ signal }) => listSellerOrders(sellerId, 1, '', signal, limit),
  });
}
