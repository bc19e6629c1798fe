export const wishlist = {
  alreadyIn: 'Product is already in your wishlist',
  notIn: 'Product is not in your wishlist',
  empty: 'Your wishlist is empty',
  // API answers of the wishlist endpoints.
  added: 'Added to your wishlist',
  removed: 'Removed from your wishlist',
} as const;
