export const payment = {
  unauthorized: 'Unauthorized',
  failed: 'Failed to initiate payment.',
  noUrl: 'Unable to start payment. Please try again.',
  // API answers of the checkout.
  emptyCart: 'Your cart is empty.',
  cartChanged: 'Your cart changed since you opened it. Please review it and check out again.',
  reserved: (name: string, available: number) =>
    available === 0
      ? `"${name}" is being bought by someone else right now. Please try again in a few minutes.`
      : `Only ${available} of "${name}" ${available === 1 ? 'is' : 'are'} available right now.`,
  tooLarge: 'This checkout is too large for one card payment. Please split your cart.',
  belowMinimum: (minimum: string) => `Card payments start at ${minimum}. Please add to your cart to check out.`,
  reservedCap: (max: number) =>
    `You can hold at most ${max} items in unpaid checkouts at once. Please remove some items from your cart, or pay for your open checkout first.`,
  providerDown: 'The payment service could not be reached. Please try again.',
  started: 'Payment started. Complete it on the payment page.',
  notFound: 'Payment not found.',
  notYours: 'This payment belongs to another account.',
  badSignature: 'Invalid signature',
  notAnEvent: 'Not a Paystack event',
} as const;
