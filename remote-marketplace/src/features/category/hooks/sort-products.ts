import type { CatalogueSort, CategorySort } from '@campus/shared/constants';

interface Sortable {
  name: string;
  price: string;
  createdAt: string;
  averageRating?: number;
}

/** Client-side sorts for the category page ('relevance' keeps the server's order); the public catalogue is sorted by the API. */
export function sortProducts<T extends Sortable>(products: readonly T[], sort: CategorySort | CatalogueSort): T[] {
  const list = [...products];
  switch (sort) {
    case 'price-low':
      return list.sort((a, b) => Number(a.price) - Number(b.price));
    case 'price-high':
      return list.sort((a, b) => Number(b.price) - Number(a.price));
    case 'name':
      return list.sort((a, b) => a.name.localeCompare(b.name));
    case 'newest':
      return list.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    case 'oldest':
      return list.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    case 'rating':
      return list.sort((a, b) => (b.averageRating ?? 0) - (a.averageRating ?? 0));
    default:
      return list;
  }
}
