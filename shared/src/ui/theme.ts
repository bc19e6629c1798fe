/**
 * The product's Chakra system: Chakra's base (conditions, utilities) and
 * default tokens, the recipes of ONLY the components `chakra.ts` re-exports,
 * then brand colours on top.
 *
 * Chakra's `defaultConfig` carries every component recipe (~48 KB gzip on the
 * landing page); this system carries the two dozen we use (architecture
 * brief: "Chakra size"). theme.test.ts fails when chakra.ts exports a
 * component whose recipe is missing here: add it to RECIPES / SLOT_RECIPES.
 */
import { createSystem, defineConfig, type SystemConfig, type SystemContext } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  linkRecipe,
  nativeSelectSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { defaultThemeWithoutRecipes } from './default-theme';
import { PREBUILT_TOKEN_DICTIONARY } from './prebuilt-tokens';
import { decodeTokenDictionary, type BuiltTokenDictionary } from './token-snapshot';

/** Keyed as in Chakra's default theme (the key each component asks the system for). */
export const RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
};

const brand = defineConfig({
  theme: {
    recipes: RECIPES,
    slotRecipes: SLOT_RECIPES,
    tokens: {
      colors: {
        brand: {
          50: { value: '#ecfdf3' },
          100: { value: '#d1fadf' },
          200: { value: '#a6f4c5' },
          300: { value: '#6ce9a6' },
          400: { value: '#32d583' },
          500: { value: '#12b76a' },
          600: { value: '#039855' },
          700: { value: '#027a48' },
          800: { value: '#05603a' },
          900: { value: '#054f31' },
          950: { value: '#053321' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          // 700, not 600: white text on it must reach WCAG AA's 4.5:1 (600 gives 3.7, 700 gives 5.4).
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Error text (field errors, refusals): red.700, not Chakra's red.500, whose 3.8:1 on white fails WCAG AA's 4.5:1.
        fg: { error: { value: '{colors.red.700}' } },
      },
    },
  },
  globalCss: { 'html, body': { minHeight: '100%' } },
});

/**
 * The configs createSystem gets. With the token dictionary the build wrote down
 * (tooling/webpack/chakra-prebuilt-tokens-loader.cjs), under a key only the build's patched
 * Chakra reads, createSystem reads the dictionary back instead of building it, and the token
 * trees are left out of its merge of the configs (a deep copy, then a walk of every token):
 * only their categories' names are read then. The snapshot is a string, which that copy
 * takes as it is.
 */
function systemConfigs(): SystemConfig[] {
  if (PREBUILT_TOKEN_DICTIONARY === undefined) return [defaultBaseConfig, defaultThemeWithoutRecipes, brand];
  const decoded = decodedAhead;
  const prebuilt = { prebuiltTokenDictionary: decoded ? () => decoded : PREBUILT_TOKEN_DICTIONARY } as SystemConfig;
  return [defaultBaseConfig, withTokenCategoriesOnly(defaultThemeWithoutRecipes), withTokenCategoriesOnly(brand), prebuilt];
}

const categoriesOnly = (tree: object | undefined) => tree && Object.fromEntries(Object.keys(tree).map((category) => [category, {}]));

function withTokenCategoriesOnly(config: SystemConfig): SystemConfig {
  if (!config.theme) return config;
  const { tokens, semanticTokens } = config.theme;
  return { ...config, theme: { ...config.theme, tokens: categoriesOnly(tokens), semanticTokens: categoriesOnly(semanticTokens) } };
}

/**
 * The system, as `ui` exported it before it was built on first use: a live binding, undefined until
 * the first designSystem() (the shell's start-up runs it before anything renders). Kept because
 * removing an export of `ui` would break a remote that reads it (none does); code calls designSystem().
 */
export let system: SystemContext;

/**
 * The system, built on its first use rather than when this module is evaluated: the shell's start-up
 * evaluates Chakra's modules in one task and builds the system (its token dictionary, 30-40% of that
 * work) in the next, instead of one long task that keeps a slow phone from answering a tap.
 */
export function designSystem(): SystemContext {
  // Unset until then, whatever its type says (the binding above is kept for old readers).
  if (!(system as SystemContext | undefined)) {
    system = createSystem(...systemConfigs());
    decodedAhead = undefined;
  }
  return system;
}

/** The build's token snapshot, decoded by prepareDesignSystem() for the designSystem() that follows. */
let decodedAhead: BuiltTokenDictionary | undefined;

/**
 * Decodes the token snapshot the build wrote (its JSON read, every token rebuilt) ahead of
 * designSystem(): about two fifths of building the system. The shell's start-up calls it in a task
 * of its own, so that the system is built in two shorter tasks, not one a slow phone cannot
 * answer a tap during. Optional: designSystem() decodes the snapshot itself when it was not.
 * Nothing to do where there is no snapshot (jest, tsc) or once the system is built.
 */
export function prepareDesignSystem(): void {
  if (PREBUILT_TOKEN_DICTIONARY === undefined || decodedAhead || (system as SystemContext | undefined)) return;
  decodedAhead = decodeTokenDictionary(PREBUILT_TOKEN_DICTIONARY);
}
