/**
 * The built-in, Algolia-compatible search engine over PostgreSQL. Words are
 * matched with full-text search ('simple' configuration: no stemming, so what
 * is typed is what is matched), the last word as a prefix, and each word of 4+
 * characters also matches close spellings found in a word list through a
 * pg_trgm nearest-neighbour lookup, checked with Algolia's typo allowance.
 * Counting, the page of hits and facets come from one statement. The routes
 * run each HTTP request's searches through withTimeLimits.
 */
import { REPLICA_SORTS, SEARCHABLE_ATTRIBUTES, DEFAULT_FACETS, filterAttribute, parseIndexName } from './attributes';
import { SearchParamError, facetFiltersToSql, filtersToSql, numericFiltersToSql } from './filters';
import { highlight, type HighlightResult, type WordMatcher } from './highlight';
import { MAX_QUERY_WORDS, MAX_VALUES_PER_FACET, PAGINATION_LIMIT, SEARCH_TIME_LIMITS, type SearchTimeLimits } from './limits';
import { encodeParams, readSearchQuery, requestedHits, type SearchParams } from './params';
import { SqlParams } from './sql-params';
import { SqlTimeoutError, type SqlClient } from './sql';
import { compileSynonyms, findSynonymSpans, type ServedSynonym, type SynonymRule } from './synonyms';
import { allowedTypos, editDistance, tsLexeme, words } from './text';
import {
  SearchServiceError,
  type FacetHit,
  type FacetStats,
  type Hit,
  type SearchForFacetValuesResponse,
  type SearchResponse,
} from './types';

/** Nearest words fetched per query word before the edit-distance check. */
const TYPO_CANDIDATES = 24;

interface TextQuery {
  /** The full tsquery (each word OR its typo variants, words ANDed), or null for an empty query. */
  tsquery: string | null;
  /** Per word that has typo variants: the tsquery of the word as typed (to count typos for ranking). */
  exactQueries: string[];
  matchers: WordMatcher[];
}

interface MatchSql {
  cte: string;
  params: SqlParams;
  orderBy: string;
}

/** Columns every match set carries: the key and what the sorts order by (REPLICA_SORTS). */
const MATCH_COLUMNS = ['object_id', 'created_at', 'price', 'average_rating', 'total_ratings'] as const;

/** ASCII letters and digits lower-case the same in every database locale (lower() of other letters depends on it). */
const ASCII_WORD = /^[a-z0-9]+$/;

/** The one row of a search statement: the count, the page of records, the facet values and the numeric stats. */
interface SearchRow {
  total: number;
  hits: Array<Record<string, unknown>>;
  facets: Array<{ a: string; v: string; c: number }>;
  stats: Array<{ min: number | null; max: number | null; avg: number | null; sum: number | null }>;
}

/**
 * The subqueries over the match set that count each facet's values (`facetColumns[i]` is the
 * column of `facetNames[i]`) and sum up the numeric facets (`statNames`, in their order).
 */
function facetSubqueries(facetNames: readonly string[], facetColumns: readonly string[], p: SearchParams, params: SqlParams) {
  const facetSelects = facetNames.map((name, i) => {
    const column = facetColumns[i] as string;
    const valueOrder = p.sortFacetValuesBy === 'alpha' ? 'v ASC' : 'c DESC, v ASC';
    return `(SELECT ${params.add(name)}::text AS a, ${column}::text AS v, count(*)::int AS c FROM matched
               WHERE ${column} IS NOT NULL GROUP BY ${column} ORDER BY ${valueOrder} LIMIT ${p.maxValuesPerFacet})`;
  });
  const statNames = facetNames.filter((n) => filterAttribute(n)?.kind === 'number');
  const statSelects = statNames.map((name) => {
    const col = filterAttribute(name)?.column ?? 'price';
    return `json_build_object('min', min(${col}), 'max', max(${col}), 'avg', avg(${col}), 'sum', sum(${col}))`;
  });
  return { facetSelects, statNames, statSelects };
}

/** Puts the counts of each facet's values and the numeric facets' stats from the statement's row on the answer. */
function addFacets(response: SearchResponse, facetNames: readonly string[], statNames: readonly string[], row: SearchRow | undefined) {
  const facets: Record<string, Record<string, number>> = Object.fromEntries(facetNames.map((n) => [n, {}]));
  for (const f of row?.facets ?? []) {
    const bucket = facets[f.a];
    if (bucket) bucket[f.v] = f.c;
  }
  response.facets = facets;
  const stats: Record<string, FacetStats> = {};
  statNames.forEach((name, i) => {
    const s = row?.stats[i];
    if (s && s.min !== null && s.max !== null && s.avg !== null && s.sum !== null) {
      stats[name] = { min: Number(s.min), max: Number(s.max), avg: Number(s.avg), sum: Number(s.sum) };
    }
  });
  if (statNames.length > 0) response.facets_stats = stats;
}

export class PgSearchEngine {
  private readonly indices: ReadonlySet<string>;
  private readonly synonymRules: readonly SynonymRule[];

  constructor(
    private readonly sql: SqlClient,
    /** Base index names served (replicas of each are served too). */
    indices: readonly string[],
    private readonly timeLimits: SearchTimeLimits = SEARCH_TIME_LIMITS,
    /** The index's synonyms (Algolia's synonym objects); the same list the Algolia indexer saves. */
    private readonly synonyms: readonly ServedSynonym[] = [],
  ) {
    this.indices = new Set(indices);
    this.synonymRules = compileSynonyms(synonyms);
  }

  /**
   * Runs one HTTP request's searches (`work` gets an engine bound to the
   * limits) within the search time limits; over them, Algolia's shape with 503.
   */
  async withTimeLimits<T>(work: (engine: PgSearchEngine) => Promise<T>): Promise<T> {
    try {
      return await this.sql.withTimeLimits(this.timeLimits, (sql) =>
        work(new PgSearchEngine(sql, [...this.indices], this.timeLimits, this.synonyms)),
      );
    } catch (err) {
      if (err instanceof SqlTimeoutError) throw new SearchServiceError(503, 'The search took too long; try fewer words or filters');
      throw err;
    }
  }

  private resolveIndex(indexName: string) {
    const parsed = parseIndexName(indexName);
    if (!this.indices.has(parsed.base)) throw new SearchServiceError(404, 'Index does not exist');
    return parsed;
  }

  /**
   * Expands the query words with their typo variants from the word list, and each run of
   * words that is a synonym's term with the term's alternatives (synonyms.ts).
   */
  private async textQuery(query: string, typoTolerance: SearchParams['typoTolerance']): Promise<TextQuery> {
    const all = words(query).slice(0, MAX_QUERY_WORDS);
    if (all.length === 0) return { tsquery: null, exactQueries: [], matchers: [] };
    const prefixLast = !/\s$/.test(query);
    const tolerant = typoTolerance !== false;
    const needVariants = [...new Set(all.filter((w) => allowedTypos(w, tolerant) > 0))];
    const candidates = new Map<string, string[]>();
    if (needVariants.length > 0) {
      const { rows } = await this.sql.query<{ tok: string; word: string }>(
        `SELECT t.tok, w.word FROM unnest($1::text[]) AS t(tok)
         CROSS JOIN LATERAL (SELECT word FROM search_words ORDER BY word <-> t.tok LIMIT ${TYPO_CANDIDATES}) w`,
        [needVariants],
      );
      for (const row of rows) candidates.set(row.tok, [...(candidates.get(row.tok) ?? []), row.word]);
    }
    // Per word: the lexeme as typed, and the group that also takes its typo variants.
    const perWord = all.map((word, i) => {
      const isPrefix = prefixLast && i === all.length - 1;
      const max = allowedTypos(word, tolerant);
      const variants = (candidates.get(word) ?? []).filter((c) => {
        if (c === word || (isPrefix && c.startsWith(word))) return false;
        if (editDistance(word, c, max) <= max) return true;
        // A misspelt beginning of a longer word ("iphn" for "iphone") while still typing.
        return isPrefix && c.length > word.length && editDistance(word, c.slice(0, word.length), max) <= max;
      });
      const exact = tsLexeme(word, isPrefix);
      const group = variants.length === 0 ? exact : `(${[exact, ...variants.map((v) => tsLexeme(v))].join(' | ')})`;
      const matcher: WordMatcher = { queryWord: word, whole: new Set([word, ...variants]), prefix: isPrefix ? word : null };
      return { exact, group, hasVariants: variants.length > 0, matcher };
    });
    const groups: string[] = [];
    const exactQueries: string[] = [];
    const matchers = perWord.map((w) => w.matcher);
    const spans = findSynonymSpans(all, this.synonymRules);
    let next = 0;
    const plainWords = (until: number) => {
      for (; next < until; next += 1) {
        const w = perWord[next];
        if (!w) continue;
        groups.push(w.group);
        if (w.hasVariants) exactQueries.push(w.exact);
      }
    };
    for (const span of spans) {
      plainWords(span.start);
      const spanWords = perWord.slice(span.start, span.end);
      // An alternative of several words is a phrase; as with Algolia's alternativesAsExact,
      // it counts as no typo.
      const alternatives = span.alternatives.map((alt) =>
        alt.length === 1 ? tsLexeme(alt[0] ?? '') : `(${alt.map((w) => tsLexeme(w)).join(' <-> ')})`,
      );
      const either = (typed: string) => `(${[typed, ...alternatives].join(' | ')})`;
      const both = (parts: string[]) => (parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' & ')})`);
      groups.push(either(both(spanWords.map((w) => w.group))));
      if (spanWords.some((w) => w.hasVariants)) exactQueries.push(either(both(spanWords.map((w) => w.exact))));
      const first = matchers[span.start];
      if (first) matchers[span.start] = { ...first, whole: new Set([...first.whole, ...span.alternatives.flat()]) };
      next = span.end;
    }
    plainWords(all.length);
    return { tsquery: groups.join(' & '), exactQueries, matchers };
  }

  /**
   * The match set as a materialised CTE. It carries only what is read from it
   * afterwards (the key, the sort columns and `extraColumns`, i.e. facets), so
   * the per-match cost stays small; the records of the page are read by key.
   */
  private matchSql(
    base: string,
    sort: ReturnType<typeof parseIndexName>['sort'],
    p: SearchParams,
    text: TextQuery,
    extraColumns: readonly string[] = [],
  ): MatchSql {
    const params = new SqlParams([base]);
    const where = ['index_name = $1'];
    let rank = '0::real';
    let typos = '0';
    if (text.tsquery) {
      const q = params.add(text.tsquery);
      where.push(`search @@ ${q}::tsquery`);
      rank = `ts_rank(search, ${q}::tsquery)`;
      if (text.exactQueries.length > 0) {
        typos = text.exactQueries.map((e) => `(CASE WHEN search @@ ${params.add(e)}::tsquery THEN 0 ELSE 1 END)`).join(' + ');
      }
    }
    try {
      for (const clause of [
        filtersToSql(p.filters, params),
        p.facetFilters === undefined ? null : facetFiltersToSql(p.facetFilters, params),
        p.numericFilters === undefined ? null : numericFiltersToSql(p.numericFilters, params),
      ]) {
        if (clause) where.push(`(${clause})`);
      }
    } catch (err) {
      if (err instanceof SearchParamError || err instanceof SyntaxError) throw new SearchServiceError(400, err.message);
      throw err;
    }
    const columns = [...new Set([...MATCH_COLUMNS, ...extraColumns])].join(', ');
    const cte = `WITH matched AS MATERIALIZED (
      SELECT ${columns}, ${typos} AS typos, ${rank} AS rank
      FROM search_records WHERE ${where.join(' AND ')})`;
    const textOrder = text.tsquery ? 'typos ASC, rank DESC, ' : '';
    const orderBy =
      sort === 'relevance' ? `${textOrder}created_at DESC, object_id ASC` : `${REPLICA_SORTS[sort].sql}, ${textOrder}object_id ASC`;
    return { cte, params, orderBy };
  }

  async search(indexName: string, request: Record<string, unknown>): Promise<SearchResponse> {
    const started = performance.now();
    const { base, sort } = this.resolveIndex(indexName);
    const { raw, params: p } = readSearchQuery(request);
    const facetNames = this.facetNames(p);
    const facetColumns = facetNames.map((name) => {
      const attr = filterAttribute(name);
      if (!attr) throw new SearchServiceError(400, `Attribute ${name} is not in attributesForFaceting`);
      return attr.column;
    });
    const text = await this.textQuery(p.query, p.typoTolerance);
    const { cte, params, orderBy } = this.matchSql(base, sort, p, text, facetColumns);

    const offset = p.offset ?? p.page * p.hitsPerPage;
    const length = requestedHits(p);
    const limit = Math.max(0, Math.min(length, PAGINATION_LIMIT - offset));

    const { facetSelects, statNames, statSelects } = facetSubqueries(facetNames, facetColumns, p, params);

    const statement = `${cte}
      SELECT (SELECT count(*)::int FROM matched) AS total,
             (SELECT coalesce(json_agg(r.record ORDER BY page.n), '[]'::json)
                FROM unnest(array(SELECT object_id FROM matched ORDER BY ${orderBy}
                                  LIMIT ${params.add(limit)} OFFSET ${params.add(offset)})) WITH ORDINALITY AS page(id, n)
                JOIN search_documents r ON r.index_name = $1 AND r.object_id = page.id) AS hits,
             ${facetSelects.length > 0 ? `(SELECT coalesce(json_agg(f), '[]'::json) FROM (${facetSelects.join(' UNION ALL ')}) f)` : `'[]'::json`} AS facets,
             ${statSelects.length > 0 ? `(SELECT json_build_array(${statSelects.join(', ')}) FROM matched)` : `'[]'::json`} AS stats`;
    const { rows } = await this.sql.query<SearchRow>(statement, params.values);
    const row = rows[0];
    const total = row?.total ?? 0;

    const response: SearchResponse = {
      hits: (row?.hits ?? []).map((record) => this.toHit(record, p, text.matchers)),
      nbHits: total,
      page: p.page,
      nbPages: p.hitsPerPage > 0 ? Math.ceil(Math.min(total, PAGINATION_LIMIT) / p.hitsPerPage) : 0,
      hitsPerPage: p.hitsPerPage,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { nbHits: true, typo: true, facetsCount: true },
      query: p.query,
      params: encodeParams(raw),
      processingTimeMS: 0,
      renderingContent: {},
    };
    if (p.offset !== undefined) {
      response.offset = offset;
      response.length = length;
    }
    if (facetNames.length > 0) addFacets(response, facetNames, statNames, row);
    response.processingTimeMS = Math.max(1, Math.round(performance.now() - started));
    return response;
  }

  /** Search for facet values (`type: 'facet'` requests): values of one facet matching facetQuery. */
  async searchForFacetValues(indexName: string, facet: string, request: Record<string, unknown>): Promise<SearchForFacetValuesResponse> {
    const started = performance.now();
    const { base, sort } = this.resolveIndex(indexName);
    const { params: p } = readSearchQuery(request);
    const attr = filterAttribute(facet);
    if (!attr)
      throw new SearchServiceError(
        400,
        `Cannot search in ${facet} attribute, you need to add searchable(${facet}) to attributesForFaceting.`,
      );
    const text = await this.textQuery(p.query, p.typoTolerance);
    const { cte, params } = this.matchSql(base, sort, p, text, [attr.column]);
    const queryWords = words(p.facetQuery).slice(0, MAX_QUERY_WORDS);
    // SQL keeps only values holding each plain query word (a superset of the word-prefix
    // matches checked below), so the LIMIT on the values handed back hardly ever drops a match.
    const narrowing = queryWords
      .filter((w) => ASCII_WORD.test(w))
      .map((w) => ` AND strpos(lower(${attr.column}::text), ${params.add(w)}) > 0`)
      .join('');
    const { rows } = await this.sql.query<{ v: string; c: number }>(
      `${cte} SELECT ${attr.column}::text AS v, count(*)::int AS c FROM matched WHERE ${attr.column} IS NOT NULL${narrowing}
       GROUP BY ${attr.column} ORDER BY c DESC, v ASC LIMIT ${MAX_VALUES_PER_FACET}`,
      params.values,
    );
    const matchers: WordMatcher[] = queryWords.map((w) => ({ queryWord: w, whole: new Set<string>(), prefix: w }));
    const tags = { pre: p.highlightPreTag, post: p.highlightPostTag };
    const facetHits: FacetHit[] = rows
      .filter((r) => {
        const valueWords = words(r.v);
        return queryWords.every((q) => valueWords.some((v) => v.startsWith(q)));
      })
      .slice(0, p.maxFacetHits)
      .map((r) => ({ value: r.v, count: r.c, highlighted: highlight(r.v, matchers, tags).value }));
    return { facetHits, exhaustiveFacetsCount: true, processingTimeMS: Math.max(1, Math.round(performance.now() - started)) };
  }

  private facetNames(p: SearchParams): string[] {
    if (!p.facets) return [];
    const expanded = p.facets.flatMap((name) => (name === '*' ? [...DEFAULT_FACETS] : [name]));
    return [...new Set(expanded)];
  }

  private toHit(record: Record<string, unknown>, p: SearchParams, matchers: readonly WordMatcher[]): Hit {
    const retrieve = p.attributesToRetrieve;
    const source =
      retrieve && !retrieve.includes('*')
        ? Object.fromEntries(Object.entries(record).filter(([k]) => k === 'objectID' || retrieve.includes(k)))
        : { ...record };
    const hit: Hit = { ...source, objectID: String(record.objectID) };
    const toHighlight = p.attributesToHighlight ?? [...SEARCHABLE_ATTRIBUTES];
    const names = toHighlight.includes('*') ? Object.keys(record) : new Set(toHighlight);
    const tags = { pre: p.highlightPreTag, post: p.highlightPostTag };
    const result: Record<string, HighlightResult> = {};
    for (const name of names) {
      const value = record[name];
      if (typeof value === 'string' && name !== 'objectID') result[name] = highlight(value, matchers, tags);
    }
    hit._highlightResult = result;
    return hit;
  }
}
