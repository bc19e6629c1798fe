/**
 * A Content-Security-Policy header read by the grammar of CSP Level 3 (section 2.2): directives
 * split on ";", a name of ALPHA / DIGIT / "-", values split on ASCII white space, and each source
 * expression checked against the source-expression grammar (keyword, nonce, hash, scheme, host).
 * Our own ~50 lines rather than a package: the npm parsers only split the header, and what the
 * journeys must know is whether every source is well-formed and what it allows.
 */

export interface ParsedPolicy {
  directives: Map<string, string[]>;
  /** What does not follow the grammar: a bad name, a repeated directive, a malformed source. */
  errors: string[];
}

const DIRECTIVE_NAME = /^[a-z0-9-]+$/i;
const KEYWORDS = new Set([
  "'self'",
  "'none'",
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'strict-dynamic'",
  "'unsafe-hashes'",
  "'report-sample'",
  "'unsafe-allow-redirects'",
  "'wasm-unsafe-eval'",
]);
const BASE64 = '[A-Za-z0-9+/\\-_]+={0,2}';
const NONCE = new RegExp(`^'nonce-${BASE64}'$`);
const HASH = new RegExp(`^'sha(256|384|512)-${BASE64}'$`);
const SCHEME = /^[a-z][a-z0-9+.-]*:$/i;
const HOST = /^([a-z][a-z0-9+.-]*:\/\/)?(\*|(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*)(:(\d+|\*))?(\/[^\s;,]*)?$/i;
/** Directives whose values are not source lists. */
const NOT_SOURCE_LISTS = new Set(['report-uri', 'report-to', 'sandbox', 'require-trusted-types-for', 'trusted-types', 'webrtc']);

export function isSourceExpression(source: string): boolean {
  return KEYWORDS.has(source.toLowerCase()) || NONCE.test(source) || HASH.test(source) || SCHEME.test(source) || HOST.test(source);
}

export function parsePolicy(header: string): ParsedPolicy {
  const directives = new Map<string, string[]>();
  const errors: string[] = [];
  for (const token of header.split(';')) {
    const [rawName, ...values] = token.trim().split(/[\t\n\f\r ]+/);
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (!DIRECTIVE_NAME.test(name)) {
      errors.push(`bad directive name "${rawName}"`);
      continue;
    }
    // A repeated directive is ignored by browsers (the first one counts): never meant.
    if (directives.has(name)) {
      errors.push(`"${name}" repeated`);
      continue;
    }
    directives.set(name, values);
    if (NOT_SOURCE_LISTS.has(name)) continue;
    if (values.length === 0) errors.push(`"${name}" has no source`);
    if (values.some((v) => v.toLowerCase() === "'none'") && values.length > 1) errors.push(`"${name}" has 'none' among other sources`);
    for (const value of values) if (!isSourceExpression(value)) errors.push(`"${name}" has a malformed source "${value}"`);
  }
  return { directives, errors };
}

/** The sources that name hosts (not keywords, hashes, nonces or schemes), as origins. */
export function hostSources(sources: readonly string[]): string[] {
  return sources.filter((s) => !s.startsWith("'") && !SCHEME.test(s));
}
