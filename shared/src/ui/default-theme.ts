/**
 * Chakra's default theme (tokens, semantic tokens, breakpoints, keyframes,
 * text/layer/animation styles, global CSS) WITHOUT its ~90 component recipes:
 * `theme.ts` adds only the recipes of the components `chakra.ts` re-exports.
 *
 * This mirrors @chakra-ui/react's dist/esm/theme/index.js (`defaultThemeConfig`)
 * field by field; `default-theme.test.ts` checks it still equals Chakra's own
 * default config minus recipes. The files come through the `chakra-theme-parts`
 * alias (tooling/webpack/chakra-theme-parts.cjs explains why).
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
      colors,
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
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
  },
});
