/** Answers of the built-in search service, shaped like Algolia's. */
import type { HighlightResult } from './highlight';

export type Hit = Record<string, unknown> & {
  objectID: string;
  _highlightResult?: Record<string, HighlightResult>;
};

export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

export interface SearchResponse {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  exhaustiveTypo: true;
  exhaustive: { nbHits: true; typo: true; facetsCount: true };
  query: string;
  params: string;
  processingTimeMS: number;
  index?: string;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, FacetStats>;
  offset?: number;
  length?: number;
  renderingContent: Record<string, never>;
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export interface SearchForFacetValuesResponse {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: true;
  processingTimeMS: number;
}

/** An error Algolia-speaking clients understand: `{ message, status }`. */
export class SearchServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
