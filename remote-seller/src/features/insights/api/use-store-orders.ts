import { useQuery } from '@tanstack/react-query';
import { sellerKeys } from '../../../lib/query-keys';
import { getAllSellerOrders } from './all-orders';

/** Every order of the store, cached under the store's orders (a status move or a completion refreshes it). */
export function useStoreOrders(sellerId: string) {
  return useQuery({ queryKey: [...sellerKeys.ordersAll(sellerId), 'all'], queryFn: ({ signal }) => getAllSellerOrders(sellerId, signal) });
}
