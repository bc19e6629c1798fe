export const orders = {
  fetchFailed: 'Failed to fetch orders.',
  sellerLoadFailed: 'Error loading orders',
  empty: 'No orders yet.',
  // API answers of the order endpoints.
  notFound: 'Order not found.',
  notYourStore: 'Only the store owner can see or change these orders.',
  notYours: 'This order belongs to another account.',
  updated: 'Order updated.',
  cancelled: 'Order cancelled. The money is on its way back to the card.',
} as const;
