export const products = {
  loadFailed: 'Failed to load products. Please try again.',
  searchFailed: 'Search failed. Please try again.',
  sellerListFailed: 'Error loading products',
  notFound: 'Product not found',
  detailFailed: 'Failed to load product details',
  editLoadFailed: 'Failed to load product data',
  updateFailed: 'Failed to update product',
  updated: 'Product updated successfully!',
  deleteConfirm: 'Are you sure you want to delete this product?',
  noneForQuery: (query: string) => `No products found for "${query}"`,
  noneAvailable: 'No products available',
  noReviews: 'No reviews yet. Be the first to review this product!',
  // API answers of the seller product endpoints.
  needPhoto: 'Please add at least one photo.',
  unknownCategory: 'Please choose a category from the list.',
  created: 'Product published',
  deleted: 'Product deleted',
} as const;
