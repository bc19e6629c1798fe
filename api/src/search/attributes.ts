/**
 * The product index's attributes as the search service sees them: which ones
 * filter and facet (and the SQL column behind each), which ones are searched
 * and highlighted, and the replica index names that give the sorts.
 */
import type { MarketplaceSort } from '@campus/shared/constants';

export type AttributeKind = 'string' | 'number' | 'boolean';

export interface FilterAttribute {
  column: string;
  kind: AttributeKind;
  /** An integer column: a bound like 2.5 is rounded to the integer it means (PostgreSQL refuses 2.5 for an int parameter). */
  integer?: true;
}

/** Every attribute a filter, facet filter, numeric filter or facet may name. */
export const FILTER_ATTRIBUTES: Readonly<Record<string, FilterAttribute>> = {
  objectID: { column: 'object_id', kind: 'string' },
  productId: { column: 'object_id', kind: 'string' },
  slug: { column: 'slug', kind: 'string' },
  categoryId: { column: 'category_id', kind: 'string' },
  categoryName: { column: 'category_name', kind: 'string' },
  sellerId: { column: 'seller_id', kind: 'string' },
  sellerName: { column: 'seller_name', kind: 'string' },
  inStock: { column: 'in_stock', kind: 'boolean' },
  condition: { column: 'condition', kind: 'string' },
  price: { column: 'price', kind: 'number' },
  stockQuantity: { column: 'stock_quantity', kind: 'number', integer: true },
  averageRating: { column: 'average_rating', kind: 'number' },
  totalRatings: { column: 'total_ratings', kind: 'number', integer: true },
  createdAt: { column: 'created_at', kind: 'number' },
  updatedAt: { column: 'updated_at', kind: 'number' },
};

/**
 * The attribute by name, own keys only: a plain-object lookup would also answer
 * `constructor`, `__proto__` or `toString` from Object.prototype.
 */
export function filterAttribute(name: string): FilterAttribute | undefined {
  return Object.hasOwn(FILTER_ATTRIBUTES, name) ? FILTER_ATTRIBUTES[name] : undefined;
}

/** Attributes faceted when a request asks for `facets: ['*']`. */
export const DEFAULT_FACETS = ['categoryName', 'categoryId', 'sellerId', 'sellerName', 'inStock', 'condition'] as const;

/** Searchable attributes, most important first (the order Algolia is configured with too). */
export const SEARCHABLE_ATTRIBUTES = ['name', 'categoryName', 'sellerName', 'description'] as const;
export type SearchableAttribute = (typeof SEARCHABLE_ATTRIBUTES)[number];

export type IndexSort = 'relevance' | 'newest' | 'oldest' | 'price_asc' | 'price_desc' | 'rating';

/** Replica suffix -> the sort it gives. The primary index (no suffix) is relevance. */
export const REPLICA_SORTS: Readonly<Record<Exclude<IndexSort, 'relevance'>, { sql: string; algoliaRanking: string[] }>> = {
  newest: { sql: 'created_at DESC', algoliaRanking: ['desc(createdAt)'] },
  oldest: { sql: 'created_at ASC', algoliaRanking: ['asc(createdAt)'] },
  price_asc: { sql: 'price ASC', algoliaRanking: ['asc(price)'] },
  price_desc: { sql: 'price DESC', algoliaRanking: ['desc(price)'] },
  rating: { sql: 'average_rating DESC, total_ratings DESC', algoliaRanking: ['desc(averageRating)', 'desc(totalRatings)'] },
};

const SORT_SUFFIXES = Object.keys(REPLICA_SORTS) as Array<Exclude<IndexSort, 'relevance'>>;

export function replicaName(baseIndex: string, sort: Exclude<IndexSort, 'relevance'>): string {
  return `${baseIndex}_${sort}`;
}

export function replicaNames(baseIndex: string): string[] {
  return SORT_SUFFIXES.map((s) => replicaName(baseIndex, s));
}

/** "products_price_asc" -> { base: "products", sort: "price_asc" }; "products" -> relevance. */
export function parseIndexName(indexName: string): { base: string; sort: IndexSort } {
  for (const sort of SORT_SUFFIXES) {
    const suffix = `_${sort}`;
    if (indexName.endsWith(suffix) && indexName.length > suffix.length) {
      return { base: indexName.slice(0, -suffix.length), sort };
    }
  }
  return { base: indexName, sort: 'relevance' };
}

/** The index a marketplace sort option reads (the browser uses the same mapping). */
export function indexForSort(baseIndex: string, sort: MarketplaceSort): string {
  switch (sort) {
    case 'relevance':
      return baseIndex;
    case 'newest':
      return replicaName(baseIndex, 'newest');
    case 'oldest':
      return replicaName(baseIndex, 'oldest');
    case 'price-low':
      return replicaName(baseIndex, 'price_asc');
    case 'price-high':
      return replicaName(baseIndex, 'price_desc');
    case 'rating':
      return replicaName(baseIndex, 'rating');
  }
}
