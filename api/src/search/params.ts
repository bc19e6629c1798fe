/**
 * The search parameters of one Algolia query, as the algoliasearch v5 client
 * sends them (top-level fields of a request) or as older clients do (a
 * URL-encoded `params` string whose arrays are JSON). Unknown parameters
 * (analytics, userToken, clickAnalytics, ...) are accepted and ignored.
 * Every size is bounded (limits.ts): an over-limit value is a 400.
 */
import { z } from 'zod';
import {
  MAX_ATTRIBUTE_NAME_LENGTH,
  MAX_ATTRIBUTES_PER_LIST,
  MAX_FACET_HITS,
  MAX_FILTERS_LENGTH,
  MAX_FILTERS_PER_PARAMETER,
  MAX_HIGHLIGHT_TAG_LENGTH,
  MAX_HITS_PER_PAGE,
  MAX_QUERY_BYTES,
  MAX_VALUES_PER_FACET,
} from './limits';
import { SearchServiceError } from './types';

/** Values from a `params` string arrive as text: numbers, booleans and JSON arrays are decoded first. */
const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
const intParam = (min: number, max: number) => z.preprocess(toNumber, z.number().int().min(min).max(max));

const boolParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/** Algolia measures query size in UTF-8 bytes; no string has fewer bytes than UTF-16 units, so `max` rejects the long ones first. */
const utf8Text = (maxBytes: number) => {
  const message = `at most ${maxBytes} bytes (UTF-8)`;
  return z
    .string()
    .max(maxBytes, message)
    .refine((s) => Buffer.byteLength(s, 'utf8') <= maxBytes, message);
};

function parseJsonArray(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON array sent as text is decoded; any other string stays a string. */
const jsonArrayParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim().startsWith('[') ? (parseJsonArray(v.trim()) ?? v) : v),
    z.union([z.array(item), z.string()]),
  );

/** Filter entries, those in nested OR-arrays counted one by one. */
function filterEntries(value: string | ReadonlyArray<string | readonly string[]>): number {
  if (typeof value === 'string') return 1;
  return value.reduce((n, entry) => n + (typeof entry === 'string' ? 1 : entry.length), 0);
}

const nestedFilters = jsonArrayParam(z.union([z.string(), z.array(z.string())])).refine(
  (value) => filterEntries(value) <= MAX_FILTERS_PER_PARAMETER,
  `at most ${MAX_FILTERS_PER_PARAMETER} filters, nested ones counted`,
);

/** Attribute names: a JSON array, or (older clients) a comma-separated string. */
const attributeList = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim();
    const list = text.startsWith('[') ? parseJsonArray(text) : undefined;
    return (
      list ??
      text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    );
  },
  z
    .array(z.string().max(MAX_ATTRIBUTE_NAME_LENGTH, `attribute names have at most ${MAX_ATTRIBUTE_NAME_LENGTH} characters`))
    .max(MAX_ATTRIBUTES_PER_LIST, `at most ${MAX_ATTRIBUTES_PER_LIST} attributes`),
);

export const searchParamsSchema = z.object({
  query: utf8Text(MAX_QUERY_BYTES).default(''),
  page: intParam(0, 10_000).default(0),
  hitsPerPage: intParam(0, MAX_HITS_PER_PAGE).default(20),
  offset: intParam(0, 1_000_000).optional(),
  length: intParam(0, MAX_HITS_PER_PAGE).optional(),
  filters: z.string().max(MAX_FILTERS_LENGTH).default(''),
  facetFilters: nestedFilters.optional(),
  numericFilters: nestedFilters.optional(),
  // No record has tags, so tag filters select nothing here; they are bounded like the others all the same.
  tagFilters: nestedFilters.optional(),
  facets: attributeList.optional(),
  // Algolia reads a larger value as its maximum rather than refusing it.
  maxValuesPerFacet: z
    .preprocess(toNumber, z.number().int().min(1))
    .transform((n) => Math.min(n, MAX_VALUES_PER_FACET))
    .default(100),
  sortFacetValuesBy: z.enum(['count', 'alpha']).default('count'),
  attributesToRetrieve: attributeList.optional(),
  attributesToHighlight: attributeList.optional(),
  highlightPreTag: z.string().max(MAX_HIGHLIGHT_TAG_LENGTH).default('<em>'),
  highlightPostTag: z.string().max(MAX_HIGHLIGHT_TAG_LENGTH).default('</em>'),
  typoTolerance: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.union([z.boolean(), z.enum(['min', 'strict'])]))
    .default(true),
  getRankingInfo: boolParam.optional(),
  // Only meaningful for `type: 'facet'` requests (search for facet values).
  facet: z.string().max(MAX_ATTRIBUTE_NAME_LENGTH).optional(),
  facetQuery: utf8Text(MAX_QUERY_BYTES).default(''),
  maxFacetHits: intParam(1, MAX_FACET_HITS).default(10),
});

export type SearchParams = z.infer<typeof searchParamsSchema>;

/** One query: its parameters as sent (echoed back in `params`) and as checked. */
export interface SearchQuery {
  raw: Record<string, unknown>;
  params: SearchParams;
}

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

/** Reads and checks one query's parameters; a bad or over-limit one is Algolia's 400. */
export function readSearchQuery(request: Record<string, unknown>): SearchQuery {
  const raw = rawSearchParams(request);
  const parsed = searchParamsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SearchServiceError(400, `Invalid search parameter ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`.trim());
  }
  return { raw, params: parsed.data };
}

/** How many hits a query asks for: its page size, or `length` when it pages by offset. */
export function requestedHits(p: SearchParams): number {
  return p.offset !== undefined ? (p.length ?? p.hitsPerPage) : p.hitsPerPage;
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
