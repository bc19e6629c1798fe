import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';
import { call } from '@campus/shared/call';
import { orders } from '@campus/shared/endpoints';
import type { SellerPayouts } from '@campus/shared/schemas';

/** GET /sellers/{id}/payouts: money held, available and paid out, and each payout. */
export async function getPayouts(sellerId: string, signal?: AbortSignal): Promise<SellerPayouts> {
  return (await call(orders.getSellerPayouts, { params: { id: sellerId } }, { signal })).data;
}

export function usePayouts(sellerId: string) {
  return useQuery({ queryKey: queryKeys.seller.payouts(sellerId), queryFn: ({ signal }) => getPayouts(sellerId, signal) });
}
