/**
 * Search highlights as React nodes: the highlighted value is split on our own
 * pre/post markers into plain text and <mark> elements. Nothing from the
 * index is ever inserted as HTML.
 */
import { chakra } from '@campus/shared/ui';
import type { ReactNode } from 'react';

export const HIGHLIGHT_PRE_TAG = '__cm_hl__';
export const HIGHLIGHT_POST_TAG = '__/cm_hl__';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/** The service HTML-escapes highlighted text; React escapes on its own, so undo it to avoid showing "&amp;". */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (m) => ENTITIES[m] ?? m);
}

export interface HighlightPart {
  text: string;
  highlighted: boolean;
}

export function splitHighlight(value: string, pre = HIGHLIGHT_PRE_TAG, post = HIGHLIGHT_POST_TAG): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let rest = value;
  while (rest.length > 0) {
    const start = rest.indexOf(pre);
    if (start === -1) {
      parts.push({ text: decodeEntities(rest), highlighted: false });
      break;
    }
    if (start > 0) parts.push({ text: decodeEntities(rest.slice(0, start)), highlighted: false });
    const afterPre = rest.slice(start + pre.length);
    const end = afterPre.indexOf(post);
    const marked = end === -1 ? afterPre : afterPre.slice(0, end);
    if (marked) parts.push({ text: decodeEntities(marked), highlighted: true });
    rest = end === -1 ? '' : afterPre.slice(end + post.length);
  }
  return parts;
}

/** Renders a highlighted value; falls back to the plain text when there is no highlight. */
export function Highlight({ value, fallback }: { value: string | undefined; fallback: string }): ReactNode {
  if (!value) return fallback;
  return splitHighlight(value).map((part, i) =>
    part.highlighted ? (
      <chakra.mark key={i} bg="yellow.200" color="inherit" px="0.5" borderRadius="sm">
        {part.text}
      </chakra.mark>
    ) : (
      <chakra.span key={i}>{part.text}</chakra.span>
    ),
  );
}

/** Reads `_highlightResult[attribute].value` from an Algolia hit, whatever else the hit holds. */
export function highlightedValue(hit: { _highlightResult?: unknown }, attribute: string): string | undefined {
  const result = hit._highlightResult;
  if (typeof result !== 'object' || result === null) return undefined;
  const entry = (result as Record<string, unknown>)[attribute];
  if (typeof entry !== 'object' || entry === null) return undefined;
  const value = (entry as { value?: unknown }).value;
  return typeof value === 'string' ? value : undefined;
}
