/**
 * The buyer's orders, page by page (newest first), under the shared key the
 * payment return page marks stale; and the two things a buyer can do to one:
 * cancel it (where the API allows), dispute it (an accepted order 14 days after
 * payment) and rate a delivered item. After each, the list is read again: the
 * API's answer is the truth.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOr } from '@campus/shared/api-client';
import type { RatingCreateBody } from '@campus/shared/schemas';
import { addDisputeStatement, cancelMyOrder, listMyOrders, openDispute, rateOrderItem } from '.';
import { queryKeys } from '@campus/shared/query-keys';

export const CANCEL_FAILED = 'Could not cancel the order. Please try again.';
export const RATING_FAILED = 'Could not save your rating. Please try again.';

export function useMyOrders() {
  return useInfiniteQuery({
    queryKey: queryKeys.orders.mine(),
    queryFn: ({ pageParam, signal }) => listMyOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.currentPage < last.pagination.totalPages ? last.pagination.currentPage + 1 : undefined),
    // Orders change elsewhere (a seller confirms, completes): read them again whenever the tab opens.
    refetchOnMount: 'always',
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: cancelMyOrder,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.orders.mine() }),
  });
  return {
    cancel: (orderId: string) => mutation.mutate(orderId),
    pendingId: mutation.isPending ? mutation.variables : undefined,
    done: mutation.isSuccess ? mutation.variables : undefined,
    error: mutation.isError ? { orderId: mutation.variables, text: messageOr(mutation.error, CANCEL_FAILED) } : null,
  };
}

export function useRateItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: string; body: RatingCreateBody }) => rateOrderItem(productId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.mine() }),
  });
}

export function ratingError(error: unknown): string {
  return messageOr(error, RATING_FAILED);
}

/** Opening a dispute, or adding a statement to it: either way the orders are read again. */
export function useOpenDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) => openDispute(orderId, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.mine() }),
  });
}

export function useAddStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, text }: { orderId: string; text: string }) => addDisputeStatement(orderId, text),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.mine() }),
  });
}

export function disputeError(error: unknown, fallback: string): string {
  return messageOr(error, fallback);
}
