/**
 * Chakra's default tokens and semantic tokens, less what the product never draws (theme-cuts.ts).
 *
 * Every webpack build replaces this module with the trees' categories alone, empty: the browser
 * reads the tokens from the dictionary the build wrote down (prebuilt-tokens.ts), so their
 * values would be bytes no page reads. tooling/webpack/chakra-prebuilt-tokens-loader.cjs does
 * both, from this file as it is here; jest and the build's own Node run read it whole.
 */
import { semanticColors } from 'chakra-theme-parts/semantic-tokens/colors';
import { semanticRadii } from 'chakra-theme-parts/semantic-tokens/radii';
import { semanticShadows } from 'chakra-theme-parts/semantic-tokens/shadows';
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
import { letterSpacings } from 'chakra-theme-parts/tokens/letter-spacing';
import { lineHeights } from 'chakra-theme-parts/tokens/line-heights';
import { radii } from 'chakra-theme-parts/tokens/radius';
import { sizes } from 'chakra-theme-parts/tokens/sizes';
import { spacing } from 'chakra-theme-parts/tokens/spacing';
import { zIndices } from 'chakra-theme-parts/tokens/z-indices';
import { lightValues, withoutUnusedPalettes } from './theme-cuts';

export const defaultTokens = {
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
};

export const defaultSemanticTokens = {
  colors: lightValues(withoutUnusedPalettes(semanticColors)),
  shadows: lightValues(semanticShadows),
  radii: semanticRadii,
};
