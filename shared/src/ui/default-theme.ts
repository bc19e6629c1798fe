/**
 * Chakra's default theme (tokens, semantic tokens, breakpoints, keyframes,
 * text/layer/animation styles, global CSS) WITHOUT its ~90 component recipes:
 * `theme.ts` adds only the recipes of the components `chakra.ts` re-exports.
 *
 * This mirrors @chakra-ui/react's dist/esm/theme/index.js (`defaultThemeConfig`)
 * field by field, less what the product never draws (UNUSED_PALETTES, and the dark
 * colour mode: lightValues), which Chakra's createSystem would otherwise turn into
 * tokens and CSS variables at every page's start-up. `theme.test.ts` checks it still
 * equals Chakra's own default config with those three cuts. The files come through the
 * `chakra-theme-parts` alias (tooling/webpack/chakra-theme-parts.cjs explains why).
 */
import { defineConfig } from '@chakra-ui/react';
import { breakpoints } from 'chakra-theme-parts/breakpoints';
import { globalCss } from 'chakra-theme-parts/global-css';
import { layerStyles } from 'chakra-theme-parts/layer-styles';
import { animationStyles } from 'chakra-theme-parts/motion-styles';
import { semanticColors } from 'chakra-theme-parts/semantic-tokens/colors';
import { semanticRadii } from 'chakra-theme-parts/semantic-tokens/radii';
import { semanticShadows } from 'chakra-theme-parts/semantic-tokens/shadows';
import { textStyles } from 'chakra-theme-parts/text-styles';
import { animations } from 'chakra-theme-parts/tokens/animations';
import { aspectRatios } from 'chakra-theme-parts/tokens/aspect-ratios';
import { blurs } from 'chakra-theme-parts/tokens/blurs';
import { borders } from 'chakra-theme-parts/tokens/borders';
import { colors } from 'chakra-theme-parts/tokens/colors';
import { cursor } from 'chakra-theme-parts/tokens/cursor';
import { durations } from 'chakra-theme-parts/tokens/durations';
import { easings } from 'chakra-theme-parts/tokens/easings';
import { fontSizes } from 'chakra-theme-parts/tokens/font-sizes';
import { fontWeights } from 'chakra-theme-parts/tokens/font-weights';
import { fonts } from 'chakra-theme-parts/tokens/fonts';
import { keyframes } from 'chakra-theme-parts/tokens/keyframes';
import { letterSpacings } from 'chakra-theme-parts/tokens/letter-spacing';
import { lineHeights } from 'chakra-theme-parts/tokens/line-heights';
import { radii } from 'chakra-theme-parts/tokens/radius';
import { sizes } from 'chakra-theme-parts/tokens/sizes';
import { spacing } from 'chakra-theme-parts/tokens/spacing';
import { zIndices } from 'chakra-theme-parts/tokens/z-indices';

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

export const defaultThemeWithoutRecipes = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors: withoutUnusedPalettes(colors),
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: {
      colors: lightValues(withoutUnusedPalettes(semanticColors)),
      shadows: lightValues(semanticShadows),
      radii: semanticRadii,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});
