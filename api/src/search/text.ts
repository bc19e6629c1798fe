/**
 * Text helpers shared by querying and highlighting: the word splitter (the
 * same idea of a word as PostgreSQL's 'simple' configuration: runs of letters
 * and digits, lower-cased), Algolia's typo allowance, edit distance.
 */

const WORD = /[\p{L}\p{N}]+/gu;

export function words(text: string): string[] {
  return Array.from(text.toLowerCase().matchAll(WORD), (m) => m[0]);
}

export interface TextPiece {
  text: string;
  isWord: boolean;
}

/** Splits text into alternating word / non-word pieces, keeping every character. */
export function pieces(text: string): TextPiece[] {
  const out: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    if (start > last) out.push({ text: text.slice(last, start), isWord: false });
    out.push({ text: m[0], isWord: true });
    last = start + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), isWord: false });
  return out;
}

/** Algolia's defaults: 1 typo from 4 characters, 2 typos from 8 (minWordSizefor1Typo / 2Typos). */
export function allowedTypos(word: string, typoTolerance: boolean): number {
  if (!typoTolerance) return 0;
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

/** Optimal string alignment distance: a swap of two neighbours counts as one typo, as in Algolia. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i += 1) d[i * cols] = i;
  for (let j = 0; j < cols; j += 1) d[j] = j;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, at(i - 2, j - 2) + 1);
      d[i * cols + j] = v;
    }
  }
  return at(a.length, b.length);
}

/** A lexeme quoted for a `::tsquery` cast (no normalisation happens there, so quote it ourselves). */
export function tsLexeme(word: string, prefix = false): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`;
}
