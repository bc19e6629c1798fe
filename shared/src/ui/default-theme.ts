/**
 * Chakra's default theme (tokens, semantic tokens, breakpoints, keyframes,
 * text/layer/animation styles, global CSS) WITHOUT its ~90 component recipes:
 * `theme.ts` adds only the recipes of the components `chakra.ts` re-exports.
 *
 * This mirrors @chakra-ui/react's dist/esm/theme/index.js (`defaultThemeConfig`)
 * field by field, less what the product never draws (theme-cuts.ts: UNUSED_PALETTES, and
 * the dark colour mode), which Chakra's createSystem would otherwise turn into tokens and
 * CSS variables at every page's start-up. The token trees are in default-tokens.ts, which a
 * webpack build empties (its header says why). `theme.test.ts` checks this still equals
 * Chakra's own default config with those three cuts. The files come through the
 * `chakra-theme-parts` alias (tooling/webpack/chakra-theme-parts.cjs explains why).
 */
import { defineConfig } from '@chakra-ui/react';
import { breakpoints } from 'chakra-theme-parts/breakpoints';
import { globalCss } from 'chakra-theme-parts/global-css';
import { layerStyles } from 'chakra-theme-parts/layer-styles';
import { animationStyles } from 'chakra-theme-parts/motion-styles';
import { textStyles } from 'chakra-theme-parts/text-styles';
import { keyframes } from 'chakra-theme-parts/tokens/keyframes';
import { defaultSemanticTokens, defaultTokens } from './default-tokens';

export const defaultThemeWithoutRecipes = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: defaultTokens,
    semanticTokens: defaultSemanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
  },
});
