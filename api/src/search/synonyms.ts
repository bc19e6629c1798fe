/**
 * Synonyms the way Algolia defines them (its synonym objects, which the Algolia indexer
 * saves as they are), compiled for the built-in engine: a query word or run of words that
 * equals a synonym's term also matches the other terms, as a phrase for a term of several
 * words. Only two of Algolia's types are served: `synonym` (every term stands for every
 * other) and `onewaysynonym` (the input stands for the synonyms, not the other way round).
 * As with Algolia's default `alternativesAsExact`, a match through a synonym ranks as exact.
 */
import type { SynonymHit } from 'algoliasearch';
import { words } from './text';

/** The two synonym types the built-in engine serves, in both spellings the client accepts. */
export type ServedSynonym = SynonymHit & { type: 'synonym' | 'onewaysynonym' | 'oneWaySynonym' };

/** A run of query words and what else it stands for (each alternative a list of words). */
export interface SynonymRule {
  input: readonly string[];
  alternatives: ReadonlyArray<readonly string[]>;
}

const nonEmpty = (term: readonly string[]) => term.length > 0;

/** One rule per term that can appear in a query; terms are split into words as queries are. */
export function compileSynonyms(list: readonly ServedSynonym[]): SynonymRule[] {
  const byInput = new Map<string, { input: string[]; alternatives: string[][] }>();
  const add = (input: string[], alternatives: string[][]) => {
    const key = input.join(' ');
    const rule = byInput.get(key) ?? { input, alternatives: [] };
    for (const alt of alternatives) {
      if (alt.join(' ') !== key && !rule.alternatives.some((a) => a.join(' ') === alt.join(' '))) rule.alternatives.push(alt);
    }
    byInput.set(key, rule);
  };
  for (const synonym of list) {
    const terms = (synonym.synonyms ?? []).map(words).filter(nonEmpty);
    if (synonym.type === 'synonym') {
      for (const term of terms) add(term, terms);
    } else {
      const input = words(synonym.input ?? '');
      if (nonEmpty(input)) add(input, terms);
    }
  }
  return [...byInput.values()].filter((rule) => rule.alternatives.length > 0);
}

/** Where a synonym applies in the query: words [start, end) stand for the rule's alternatives. */
export interface SynonymSpan {
  start: number;
  end: number;
  alternatives: ReadonlyArray<readonly string[]>;
}

/**
 * The query's synonym spans, left to right, the longest term first at each word (as Algolia
 * prefers "laptop charger" over "laptop"). Spans do not overlap.
 */
export function findSynonymSpans(queryWords: readonly string[], rules: readonly SynonymRule[]): SynonymSpan[] {
  const spans: SynonymSpan[] = [];
  let i = 0;
  while (i < queryWords.length) {
    let best: SynonymRule | null = null;
    for (const rule of rules) {
      const n = rule.input.length;
      if (n <= (best?.input.length ?? 0) || i + n > queryWords.length) continue;
      if (rule.input.every((w, k) => queryWords[i + k] === w)) best = rule;
    }
    if (best) {
      spans.push({ start: i, end: i + best.input.length, alternatives: best.alternatives });
      i += best.input.length;
    } else {
      i += 1;
    }
  }
  return spans;
}
