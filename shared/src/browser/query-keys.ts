/**
 * Every TanStack Query key of the site, one factory per domain: the one way a query, an
 * invalidation or a cache write names server data (a lint rule refuses array-literal keys
 * elsewhere). A key that starts with another is invalidated with it: everything of one seller's
 * store sits under `seller.all(sellerId)`, so a change that touches money or orders (a completed
 * order, a cancellation) refreshes it all with one invalidation.
 *
 * Pure data (no query library): the query options that use these keys live in each feature's
 * `api/` folder, or in `@campus/shared/queries` when more than one app reads them.
 */
export const queryKeys = {
  ops: {
    all: () => ['ops'] as const,
    /** The operator's second factor: enrolled, and until when this session's check counts. */
    status: () => ['ops', 'status'] as const,
    reports: () => ['ops', 'reports'] as const,
    disputes: () => ['ops', 'disputes'] as const,
    dispute: (disputeId: string) => ['ops', 'disputes', disputeId] as const,
    audit: (filters: Readonly<Record<string, string>>) => ['ops', 'audit', filters] as const,
    /** The money queue and the reconciliation state. */
    money: () => ['ops', 'money'] as const,
    students: (words: string) => ['ops', 'students', 'search', words] as const,
    student: (userId: string) => ['ops', 'students', userId] as const,
  },
  cart: {
    /** The buyer's cart; the navbar's count is this query's total (one copy of the cart). */
    all: () => ['cart'] as const,
  },
  wishlist: {
    all: () => ['wishlist'] as const,
  },
  categories: {
    all: () => ['categories'] as const,
    /** A category resolved by id, with its products. */
    detail: (categoryId: string) => ['category', categoryId] as const,
  },
  products: {
    detail: (slug: string) => ['product', slug] as const,
    /** Search results, keyed by every search parameter. */
    search: <P extends object>(params: P) => ['search', params] as const,
    suggestions: (q: string) => ['search', 'suggestions', q] as const,
  },
  catalogue: {
    /** One seller's public store as filtered and paged. */
    page: <Q extends object>(sellerId: string, query: Q) => ['catalogue', sellerId, query] as const,
  },
  account: {
    me: (token: string | null) => ['me', token] as const,
  },
  orders: {
    /** The buyer's orders (the profile's Orders tab); the payment return page marks them stale. */
    mine: () => ['orders', 'mine'] as const,
  },
  payments: {
    /** A payment the provider sent the buyer back about. */
    verification: (reference: string | null) => ['payment', reference] as const,
    /** The buyer's refunds that wait for a bank account (shown on the Orders tab). */
    refundsAwaitingAccount: () => ['payments', 'refunds', 'awaiting-account'] as const,
  },
  messages: {
    all: () => ['messages'] as const,
    /** My conversations and the unread total (the navbar's Chat / Buyers badge reads its total). */
    conversations: () => ['messages', 'conversations'] as const,
    /** One conversation's messages, paged backwards (an infinite query). */
    thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
    /** Whether unread messages are e-mailed (Profile → Account). */
    settings: () => ['messages', 'settings'] as const,
  },
  seller: {
    all: (sellerId: string) => ['seller', sellerId] as const,
    ordersAll: (sellerId: string) => ['seller', sellerId, 'orders'] as const,
    orders: (sellerId: string, page: number) => ['seller', sellerId, 'orders', page] as const,
    /** The Orders page: one page of one search. */
    ordersSearch: (sellerId: string, page: number, q: string) => ['seller', sellerId, 'orders', page, q] as const,
    /** The dashboard's few most recent orders. */
    recentOrders: (sellerId: string) => ['seller', sellerId, 'orders', 1, 'recent'] as const,
    /** Every order of the store, for the insights pages. */
    everyOrder: (sellerId: string) => ['seller', sellerId, 'orders', 'all'] as const,
    /** Accept Order's list of open orders (apart from the Orders pages, whose rows a move rewrites). */
    openOrders: (sellerId: string, q: string) => ['seller', sellerId, 'open-orders', q] as const,
    payouts: (sellerId: string) => ['seller', sellerId, 'payouts'] as const,
    products: (sellerId: string) => ['seller', sellerId, 'products'] as const,
    productsPage: (sellerId: string, q: string, page: number, limit: number) =>
      ['seller', sellerId, 'products', { q, page, limit }] as const,
    sales: (sellerId: string) => ['seller', sellerId, 'sales'] as const,
    /** Views of the store's product pages, with orders and conversion (Analytics). */
    productViews: (sellerId: string) => ['seller', sellerId, 'product-views'] as const,
    product: (slugOrId: string) => ['seller-product', slugOrId] as const,
  },
};
