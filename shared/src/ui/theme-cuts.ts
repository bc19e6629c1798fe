/*
 * What the product leaves out of Chakra's default tokens (default-tokens.ts applies it).
 */

/**
 * Palettes no screen names (theme.test.ts fails when one does): about 15% of createSystem's work
 * (Node, no browser: no cache or benchmark index applies; first call, median of 5: 68 -> 58 ms)
 * and 36 CSS variables on every page.
 */
export const UNUSED_PALETTES = ['cyan', 'pink'] as const;

type Tree = { readonly [key: string]: unknown };

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A semantic token tree with every `{ _light, _dark }` value replaced by its `_light` one. The
 * product has one colour mode: nothing sets Chakra's `.dark` class. So createSystem builds no dark
 * twin of a token (with the palettes above, about 25% of its work: Node, no browser, so no cache
 * or benchmark index applies; median of 6 calls,
 * 57 -> 43 ms) and the page's CSS carries no `.dark` rules.
 */
export function lightValues<T>(tokens: T): T {
  if (!isTree(tokens)) return tokens;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(tokens)) {
    out[key] = key === 'value' && isTree(child) && '_light' in child ? child._light : lightValues(child);
  }
  return out as T;
}

/** The tree without the unused palettes' entries. */
export function withoutUnusedPalettes<T>(tokens: T): T {
  if (!isTree(tokens)) return tokens;
  const unused: readonly string[] = UNUSED_PALETTES;
  return Object.fromEntries(Object.entries(tokens).filter(([key]) => !unused.includes(key))) as T;
}
