/**
 * Algolia's filter languages turned into SQL over the search_records columns:
 * `filters` ("categoryId:abc AND price:10000 TO 19999.99 AND NOT inStock:false"),
 * `facetFilters` (["categoryName:Books", ["sellerId:a", "sellerId:b"]]) and
 * `numericFilters` (["price>=10000", "price<=19999.99"]). Attribute names are
 * checked against a whitelist and every value is a bind parameter.
 */
import { filterAttribute, type FilterAttribute } from './attributes';
import { MAX_FILTER_DEPTH, MAX_FILTERS_PER_PARAMETER } from './limits';
import type { SqlParams } from './sql-params';

export class SearchParamError extends Error {}

type Token = { t: 'lparen' } | { t: 'rparen' } | { t: 'op'; v: string } | { t: 'word'; v: string; quoted: boolean };

const OPS = ['<=', '>=', '!=', '<', '>', '=', ':'];

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input.charAt(i);
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '(') {
      tokens.push({ t: 'lparen' });
      i += 1;
    } else if (c === ')') {
      tokens.push({ t: 'rparen' });
      i += 1;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      while (j < input.length && input.charAt(j) !== c) {
        if (input.charAt(j) === '\\' && j + 1 < input.length) j += 1;
        value += input.charAt(j);
        j += 1;
      }
      if (j >= input.length) throw new SearchParamError(`filters: unterminated string in "${input}"`);
      tokens.push({ t: 'word', v: value, quoted: true });
      i = j + 1;
    } else {
      const op = OPS.find((o) => input.startsWith(o, i));
      if (op) {
        tokens.push({ t: 'op', v: op });
        i += op.length;
      } else {
        let j = i;
        while (j < input.length && !/[\s()"'<>=!:]/.test(input.charAt(j))) j += 1;
        if (j === i) throw new SearchParamError(`filters: unexpected "${c}" in "${input}"`);
        tokens.push({ t: 'word', v: input.slice(i, j), quoted: false });
        i = j;
      }
    }
  }
  return tokens;
}

function attribute(name: string): FilterAttribute {
  const attr = filterAttribute(name);
  if (!attr) throw new SearchParamError(`Attribute ${name} is not in attributesForFaceting`);
  return attr;
}

function parseNumber(raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) throw new SearchParamError(`filters: "${raw}" is not a number`);
  return n;
}

/** attr:value — exact facet match (case-insensitive for strings, as in Algolia). */
function facetCondition(name: string, value: string, params: SqlParams): string {
  const attr = attribute(name);
  switch (attr.kind) {
    case 'boolean': {
      const v = value.toLowerCase();
      if (v !== 'true' && v !== 'false') throw new SearchParamError(`filters: ${name} takes true or false`);
      return `${attr.column} = ${params.add(v === 'true')}`;
    }
    case 'number':
      return attr.integer
        ? integerComparison(attr.column, '=', parseNumber(value), params)
        : `${attr.column} = ${params.add(parseNumber(value))}`;
    case 'string':
      return `lower(${attr.column}) = lower(${params.add(value)})`;
    default:
      throw new SearchParamError(`Attribute ${name} is not in attributesForFaceting`);
  }
}

/**
 * `column op n` for an integer column and any n, with an integer bound that
 * selects the same rows (stock <= 2.5 is stock <= 2; stock = 2.5 is no row).
 */
function integerComparison(column: string, op: string, n: number, params: SqlParams): string {
  if (Number.isInteger(n)) return `${column} ${op} ${params.add(n)}`;
  switch (op) {
    case '<=':
    case '>':
      return `${column} ${op} ${params.add(Math.floor(n))}`;
    case '<':
    case '>=':
      return `${column} ${op} ${params.add(Math.ceil(n))}`;
    case '=':
      return 'FALSE';
    default:
      return `${column} IS NOT NULL`;
  }
}

function numericCondition(name: string, op: string, value: string, params: SqlParams): string {
  const attr = attribute(name);
  if (attr.kind !== 'number') throw new SearchParamError(`filters: ${name} is not numeric`);
  const sqlOp = op === '!=' ? '<>' : op;
  const n = parseNumber(value);
  if (attr.integer) return integerComparison(attr.column, sqlOp, n, params);
  return `${attr.column} ${sqlOp} ${params.add(n)}`;
}

function rangeCondition(name: string, low: string, high: string, params: SqlParams): string {
  const attr = attribute(name);
  if (attr.kind !== 'number') throw new SearchParamError(`filters: ${name} is not numeric`);
  // On an integer column, 0.5 TO 2.5 is 1 TO 2.
  const from = attr.integer ? Math.ceil(parseNumber(low)) : parseNumber(low);
  const to = attr.integer ? Math.floor(parseNumber(high)) : parseNumber(high);
  return `${attr.column} BETWEEN ${params.add(from)} AND ${params.add(to)}`;
}

/** Recursive-descent parser for the `filters` string. */
class FilterParser {
  private pos = 0;
  private depth = 0;
  private conditions = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly params: SqlParams,
    private readonly source: string,
  ) {}

  parse(): string {
    const sql = this.orExpr();
    if (this.pos < this.tokens.length) this.fail();
    return sql;
  }

  private fail(): never {
    throw new SearchParamError(`filters: invalid syntax in "${this.source}"`);
  }

  private peekKeyword(keyword: string): boolean {
    const tok = this.tokens[this.pos];
    return tok?.t === 'word' && !tok.quoted && tok.v.toUpperCase() === keyword;
  }

  private orExpr(): string {
    const parts = [this.andExpr()];
    while (this.peekKeyword('OR')) {
      this.pos += 1;
      parts.push(this.andExpr());
    }
    return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`;
  }

  private andExpr(): string {
    const parts = [this.notExpr()];
    while (this.peekKeyword('AND')) {
      this.pos += 1;
      parts.push(this.notExpr());
    }
    return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' AND ')})`;
  }

  private nested<T>(parse: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_FILTER_DEPTH) throw new SearchParamError(`filters: nested more than ${MAX_FILTER_DEPTH} levels deep`);
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private notExpr(): string {
    if (this.peekKeyword('NOT')) {
      this.pos += 1;
      return this.nested(() => `(NOT ${this.notExpr()})`);
    }
    return this.primary();
  }

  private word(): string {
    const tok = this.tokens[this.pos];
    if (tok?.t !== 'word') this.fail();
    this.pos += 1;
    return tok.v;
  }

  /** A number may carry a sign: "-5" tokenises as one word. */
  private primary(): string {
    const tok = this.tokens[this.pos];
    if (tok?.t === 'lparen') {
      this.pos += 1;
      const inner = this.nested(() => this.orExpr());
      if (this.tokens[this.pos]?.t !== 'rparen') this.fail();
      this.pos += 1;
      return `(${inner})`;
    }
    this.conditions += 1;
    if (this.conditions > MAX_FILTERS_PER_PARAMETER) throw new SearchParamError(`filters: at most ${MAX_FILTERS_PER_PARAMETER} conditions`);
    const name = this.word();
    const op = this.tokens[this.pos];
    if (op?.t !== 'op') this.fail();
    this.pos += 1;
    const value = this.word();
    if (op.v === ':') {
      if (this.peekKeyword('TO')) {
        this.pos += 1;
        return rangeCondition(name, value, this.word(), this.params);
      }
      return facetCondition(name, value, this.params);
    }
    return numericCondition(name, op.v, value, this.params);
  }
}

export function filtersToSql(filters: string, params: SqlParams): string | null {
  if (filters.trim() === '') return null;
  return new FilterParser(tokenize(filters), params, filters).parse();
}

/** One "attr:value" (or "-attr:value" / "attr:-value" for negation) of facetFilters. */
function facetFilterToSql(filter: string, params: SqlParams): string {
  const colon = filter.indexOf(':');
  if (colon <= 0) throw new SearchParamError(`facetFilters: invalid filter "${filter}"`);
  let name = filter.slice(0, colon).trim();
  let value = filter.slice(colon + 1).trim();
  let negate = false;
  if (name.startsWith('-')) {
    negate = true;
    name = name.slice(1);
  }
  if (value.startsWith('-')) {
    negate = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) {
    value = value.slice(1);
  }
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  const sql = facetCondition(name, value, params);
  return negate ? `(NOT ${sql})` : sql;
}

/** Nested arrays: outer AND, inner OR (Algolia's rule). Strings may be JSON-encoded arrays. */
export type NestedFilters = string | ReadonlyArray<string | ReadonlyArray<string>>;

function normaliseNested(input: NestedFilters): ReadonlyArray<string | ReadonlyArray<string>> {
  if (typeof input !== 'string') return input;
  const trimmed = input.trim();
  if (trimmed.startsWith('[')) {
    const parsed: unknown = JSON.parse(trimmed);
    if (Array.isArray(parsed)) return parsed as Array<string | string[]>;
  }
  return trimmed === '' ? [] : [trimmed];
}

function nestedToSql(input: NestedFilters, params: SqlParams, one: (f: string, p: SqlParams) => string): string | null {
  const groups = normaliseNested(input).map((group) => {
    if (typeof group === 'string') return one(group, params);
    if (group.length === 0) return 'TRUE';
    return `(${group.map((f) => one(f, params)).join(' OR ')})`;
  });
  return groups.length === 0 ? null : groups.join(' AND ');
}

export function facetFiltersToSql(input: NestedFilters, params: SqlParams): string | null {
  return nestedToSql(input, params, facetFilterToSql);
}

const NUMERIC_FILTER = /^\s*([A-Za-z_][\w.]*)\s*(<=|>=|!=|<|>|=|:)\s*(-?[\d.]+)(?:\s+TO\s+(-?[\d.]+))?\s*$/i;

function numericFilterToSql(filter: string, params: SqlParams): string {
  const m = NUMERIC_FILTER.exec(filter);
  if (!m) throw new SearchParamError(`numericFilters: invalid filter "${filter}"`);
  const [, name = '', op = '', value = '', high] = m;
  if (op === ':') {
    if (high === undefined) return numericCondition(name, '=', value, params);
    return rangeCondition(name, value, high, params);
  }
  return numericCondition(name, op, value, params);
}

export function numericFiltersToSql(input: NestedFilters, params: SqlParams): string | null {
  return nestedToSql(input, params, numericFilterToSql);
}
