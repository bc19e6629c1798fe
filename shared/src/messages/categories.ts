export const categories = {
  loadFailedRetry: 'Failed to load categories. Please try again.',
  loadFailed: 'Failed to load categories',
  dataFailed: 'Failed to load category data. Please try again.',
  notFound: (name: string) => `Category '${name}' not found`,
  notFoundTitle: 'Category Not Found',
} as const;
