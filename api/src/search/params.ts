/**
 * The search parameters of one Algolia query, as the algoliasearch v5 client
 * sends them (top-level fields of a request) or as older clients do (a
 * URL-encoded `params` string whose arrays are JSON). Unknown parameters
 * (analytics, userToken, clickAnalytics, ...) are accepted and ignored.
 */
import { z } from 'zod';

const MAX_HITS_PER_PAGE = 1000;

/** Values from a `params` string arrive as text: numbers, booleans and JSON arrays are decoded first. */
const intParam = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().int().min(min).max(max));

const boolParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

const jsonArrayParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    }
    return v;
  }, z.union([z.array(item), z.string()]));

const nestedFilters = jsonArrayParam(z.union([z.string(), z.array(z.string())]));

export const searchParamsSchema = z.object({
  query: z.string().max(512).default(''),
  page: intParam(0, 10_000).default(0),
  hitsPerPage: intParam(0, MAX_HITS_PER_PAGE).default(20),
  offset: intParam(0, 1_000_000).optional(),
  length: intParam(0, MAX_HITS_PER_PAGE).optional(),
  filters: z.string().max(4000).default(''),
  facetFilters: nestedFilters.optional(),
  numericFilters: nestedFilters.optional(),
  facets: jsonArrayParam(z.string()).optional(),
  maxValuesPerFacet: intParam(1, 1000).default(100),
  sortFacetValuesBy: z.enum(['count', 'alpha']).default('count'),
  attributesToRetrieve: jsonArrayParam(z.string()).optional(),
  attributesToHighlight: jsonArrayParam(z.string()).optional(),
  highlightPreTag: z.string().max(100).default('<em>'),
  highlightPostTag: z.string().max(100).default('</em>'),
  typoTolerance: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.union([z.boolean(), z.enum(['min', 'strict'])]))
    .default(true),
  getRankingInfo: boolParam.optional(),
  // Only meaningful for `type: 'facet'` requests (search for facet values).
  facet: z.string().optional(),
  facetQuery: z.string().max(512).default(''),
  maxFacetHits: intParam(1, 100).default(10),
});

export type SearchParams = z.infer<typeof searchParamsSchema>;

/** Decodes a legacy `params` string ("query=abc&hitsPerPage=10&facets=%5B%22x%22%5D"). */
export function decodeParamsString(params: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(params));
}

/** Merges a request object's own fields with its optional `params` string (own fields win). */
export function rawSearchParams(request: Record<string, unknown>): Record<string, unknown> {
  const { params, ...rest } = request;
  const fromString = typeof params === 'string' ? decodeParamsString(params) : {};
  const own = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null));
  return { ...fromString, ...own };
}

/** Turns search parameters back into the URL-encoded `params` echo Algolia answers with. */
export function encodeParams(raw: Record<string, unknown>): string {
  const usp = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'indexName' || k === 'type' || v === undefined) continue;
    usp.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return usp.toString();
}
