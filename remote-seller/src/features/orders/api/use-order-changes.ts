/** The store's order changes: each puts the API's answer in place wherever the store's orders are cached. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';
import type { Order } from '@campus/shared/schemas';
import { answerDispute, moveOrder, type OrderMove } from './seller-orders';

/** Moves one order and puts the answer in place of the row, wherever the store's orders are cached. */
export function useOrderMove(sellerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, to }: { order: Order; to: OrderMove }) => moveOrder(order.id, to),
    onSuccess: async (updated) => {
      queryClient.setQueriesData<{ data: Order[] }>({ queryKey: queryKeys.seller.ordersAll(sellerId) }, (page) =>
        page ? { ...page, data: page.data.map((o) => (o.id === updated.id ? updated : o)) } : page,
      );
      if (updated.orderStatus === 'CANCELLED') {
        // A refund changes the store's figures and its stock.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.seller.payouts(sellerId) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.seller.sales(sellerId) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.seller.products(sellerId) }),
        ]);
      }
    },
  });
}

/** Sends the answer and puts the dispute the API answers into the store's cached order pages. */
export function useAnswerDispute(sellerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, text, photos }: { orderId: string; text: string; photos: File[] }) => answerDispute(orderId, text, photos),
    onSuccess: (dispute, { orderId }) => {
      queryClient.setQueriesData<{ data: Order[] }>({ queryKey: queryKeys.seller.ordersAll(sellerId) }, (page) =>
        page ? { ...page, data: page.data.map((o) => (o.id === orderId ? { ...o, dispute } : o)) } : page,
      );
    },
  });
}
