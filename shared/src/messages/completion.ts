export const completion = {
  success: 'Order completed successfully!',
  failed: 'Failed to complete order. Please try again.',
  // API answers of POST /orders/complete.
  notSeller: 'Only a seller can complete orders.',
  // A code is checked against the one order the seller picked (the fifth wrong one replaces its code).
  wrongCodeTriesLeft: (left: number) =>
    `That code does not match this order. ${left} more wrong code${left === 1 ? '' : 's'} and the buyer gets a new one.`,
  codeReplaced: 'Too many wrong codes for this order. The buyer has been e-mailed a new code; ask them for it.',
  orderNotOpen: 'This order is no longer open, so it cannot be completed.',
  orderRequired: 'Choose the order you are accepting.',
  storeLockedToday: (hours: number) =>
    `Too many wrong codes today. Accept Order is locked for your store until midnight UTC (about ${hours} hour${hours === 1 ? '' : 's'}).`,
  // Accept Order's list of the store's open orders.
  noOpenOrders: 'No open orders to accept.',
  noOpenOrdersFound: (q: string) => `No open orders found for "${q}"`,
  openOrdersFailed: 'Could not load your open orders. Please try again.',
} as const;
