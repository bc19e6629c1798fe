import { useQuery } from '@tanstack/react-query';
import { getAllSellerOrders } from './all-orders';
import { queryKeys } from '@campus/shared/query-keys';

/** Every order of the store, cached under the store's orders (a status move or a completion refreshes it). */
export function useStoreOrders(sellerId: string) {
  return useQuery({ queryKey: queryKeys.seller.everyOrder(sellerId), queryFn: ({ signal }) => getAllSellerOrders(sellerId, signal) });
}
