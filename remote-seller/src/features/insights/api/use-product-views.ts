import { useQuery } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { orders } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';

/** GET /sellers/{id}/product-views: views of the store's product pages over the term, with orders and conversion. */
export function useProductViews(sellerId: string) {
  return useQuery({
    queryKey: queryKeys.seller.productViews(sellerId),
    queryFn: async ({ signal }) => (await call(orders.getStoreProductViews, { params: { id: sellerId } }, { signal })).data,
  });
}
