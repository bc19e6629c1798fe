/**
 * How much work one request to the built-in search endpoint may ask for.
 * The search key is public, so these bounds are what stands between an
 * anonymous request and seconds of database work. Where Algolia
 * documents a maximum ("Algolia service limits" and each parameter's page)
 * the bound is Algolia's; the others are ours, chosen well above what the
 * marketplace sends. docs/api.md lists them all.
 */

/** Algolia's hitsPerPage and length maximum. */
export const MAX_HITS_PER_PAGE = 1000;

/** Algolia answers at most this many hits through paging (paginationLimitedTo). */
export const PAGINATION_LIMIT = 1000;

/**
 * Ours: the hits of every query of one request added up (hitsPerPage, or
 * length when paging by offset). The category page asks one query of 1000.
 */
export const MAX_HITS_PER_REQUEST = 1000;

/**
 * Queries in one multi-query request. Algolia takes 50; the marketplace sends
 * one query per request (lib/search-client.ts), so 10 leaves room for an
 * InstantSearch-style page and cuts the worst case fivefold.
 */
export const MAX_QUERIES_PER_REQUEST = 10;

/** Algolia's maxValuesPerFacet maximum: a larger value is read as this one, as Algolia does. */
export const MAX_VALUES_PER_FACET = 1000;

/** Algolia's maxFacetHits maximum (search for facet values). */
export const MAX_FACET_HITS = 100;

/** Algolia's query size, in UTF-8 bytes; facetQuery gets the same. */
export const MAX_QUERY_BYTES = 512;

/** Algolia ignores query words past this many. */
export const MAX_QUERY_WORDS = 10;

/**
 * Ours: entries in each of facetFilters, numericFilters and tagFilters (those
 * in nested OR-arrays counted), and conditions in the `filters` string.
 * Algolia allows 1000 filters; a marketplace search uses two or three.
 */
export const MAX_FILTERS_PER_PARAMETER = 100;

/** Ours: characters in the `filters` string. */
export const MAX_FILTERS_LENGTH = 4000;

/** Ours: how deeply NOT and parentheses may nest in `filters` (the parser recurses). */
export const MAX_FILTER_DEPTH = 32;

/** Ours: names in facets, attributesToRetrieve and attributesToHighlight, and the length of each. */
export const MAX_ATTRIBUTES_PER_LIST = 100;
export const MAX_ATTRIBUTE_NAME_LENGTH = 100;

/** Ours: the highlight tags (each hit repeats them around every matched word). */
export const MAX_HIGHLIGHT_TAG_LENGTH = 100;

export interface SearchTimeLimits {
  /** Each SQL statement is cancelled after this long (PostgreSQL's statement_timeout). */
  statementMs: number;
  /** No statement of one HTTP request starts after this long; the request answers 503. */
  requestMs: number;
}

/**
 * Ours: a search statement takes tens of milliseconds at 10,000 products
 * (docs/api.md, search benchmark), so a second is a statement gone wrong.
 */
export const SEARCH_TIME_LIMITS: SearchTimeLimits = { statementMs: 1000, requestMs: 3000 };
