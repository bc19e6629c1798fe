/**
 * `_highlightResult` as Algolia answers it. The text is HTML-escaped piece by
 * piece and only the pre/post tags are left raw, so a product name such as
 * `<img onerror=...>` comes back as inert text around the highlight tags.
 */
import { escapeHtml } from '../lib/html';
import { pieces } from './text';

/** What one query word matches: whole words (itself and its typo variants) and, for the last word, a prefix. */
export interface WordMatcher {
  queryWord: string;
  whole: ReadonlySet<string>;
  prefix: string | null;
}

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface HighlightTags {
  pre: string;
  post: string;
}

export function highlight(text: string, matchers: readonly WordMatcher[], tags: HighlightTags): HighlightResult {
  const matched = new Set<string>();
  let value = '';
  let wordCount = 0;
  let highlightedWords = 0;
  for (const piece of pieces(text)) {
    if (!piece.isWord) {
      value += escapeHtml(piece.text);
      continue;
    }
    wordCount += 1;
    const lower = piece.text.toLowerCase();
    let done = false;
    for (const m of matchers) {
      if (m.whole.has(lower)) {
        value += `${tags.pre}${escapeHtml(piece.text)}${tags.post}`;
        matched.add(m.queryWord);
        highlightedWords += 1;
        done = true;
        break;
      }
      if (m.prefix && lower.startsWith(m.prefix) && lower.length === piece.text.length) {
        const n = m.prefix.length;
        value += `${tags.pre}${escapeHtml(piece.text.slice(0, n))}${tags.post}${escapeHtml(piece.text.slice(n))}`;
        matched.add(m.queryWord);
        if (n === piece.text.length) highlightedWords += 1;
        done = true;
        break;
      }
    }
    if (!done) value += escapeHtml(piece.text);
  }
  const matchedWords = matchers.map((m) => m.queryWord).filter((w) => matched.has(w));
  if (matchedWords.length === 0) return { value, matchLevel: 'none', matchedWords: [] };
  return {
    value,
    matchLevel: matchedWords.length === matchers.length ? 'full' : 'partial',
    matchedWords,
    fullyHighlighted: highlightedWords === wordCount,
  };
}
