export const cart = {
  addFailed: 'Failed to add items to cart.',
  clearConfirm: 'Are you sure you want to clear your cart?',
  empty: 'You do not have items in your cart',
  signInToContinue: 'Please sign in to continue',
  quantityMax: (max: number) => `Quantity cannot be more than ${max}`,
  aboveCartMaximum: (name: string, max: number) => `You can have at most ${max} of "${name}" in your cart.`,
  // API answers of the cart endpoints.
  ownProduct: 'You cannot buy your own product.',
  outOfStock: (name: string) => `"${name}" is out of stock.`,
  aboveStock: (name: string, stock: number) => `Only ${stock} of "${name}" ${stock === 1 ? 'is' : 'are'} in stock.`,
  itemNotFound: 'Cart item not found',
  notYourCart: 'This cart belongs to another user.',
  added: 'Items added to cart',
  updated: 'Cart updated',
  removed: 'Item removed from cart',
  cleared: 'Cart cleared',
} as const;
