/**
 * Cache keys of the seller's server data. Everything of one store sits under
 * ['seller', sellerId], so a change that touches money or orders (a completed
 * order, a cancellation) refreshes them all with one invalidation.
 */
export const sellerKeys = {
  all: (sellerId: string) => ['seller', sellerId] as const,
  orders: (sellerId: string, page: number) => ['seller', sellerId, 'orders', page] as const,
  ordersAll: (sellerId: string) => ['seller', sellerId, 'orders'] as const,
  /** Accept Order's list of open orders (apart from the Orders pages, whose rows a move rewrites). */
  openOrders: (sellerId: string, q: string) => ['seller', sellerId, 'open-orders', q] as const,
  payouts: (sellerId: string) => ['seller', sellerId, 'payouts'] as const,
  products: (sellerId: string) => ['seller', sellerId, 'products'] as const,
  productsPage: (sellerId: string, q: string, page: number, limit: number) => ['seller', sellerId, 'products', { q, page, limit }] as const,
  sales: (sellerId: string) => ['seller', sellerId, 'sales'] as const,
  product: (slugOrId: string) => ['seller-product', slugOrId] as const,
};
