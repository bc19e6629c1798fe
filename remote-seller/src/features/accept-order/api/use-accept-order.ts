import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';
import { completeOrder, getBalances, listOpenOrders } from './complete-order';

/** The store's open orders found by `q`; the list on screen stays while the next one loads. */
export function useOpenOrders(sellerId: string, q: string) {
  return useQuery({
    queryKey: queryKeys.seller.openOrders(sellerId, q),
    queryFn: ({ signal }) => listOpenOrders(sellerId, q, signal),
    placeholderData: keepPreviousData,
  });
}

/** The store's balances, under the payouts' own query key: one cache with the dashboard's figures. */
export function useBalances(sellerId: string) {
  return useQuery({ queryKey: queryKeys.seller.payouts(sellerId), queryFn: ({ signal }) => getBalances(sellerId, signal) });
}

export function useCompleteOrder(sellerId: string | null | undefined, onCompleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOrder,
    onSuccess: async () => {
      onCompleted();
      // The order moved to DELIVERED and its money from held to available (then out): every figure of the store may change.
      if (sellerId) await queryClient.invalidateQueries({ queryKey: queryKeys.seller.all(sellerId) });
    },
  });
}
