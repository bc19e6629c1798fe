/**
 * `chakra-theme-parts/<file>`: Chakra's default theme files one by one
 * (tokens, semantic tokens, breakpoints, text styles...), without the recipes.
 *
 * Why: `@chakra-ui/react/theme` exports the default tokens, but the module
 * that defines them also builds `defaultThemeConfig` from *every* component
 * recipe in a call webpack cannot drop, so importing `tokens` from it ships
 * ~90 recipes (~42 KB gzip) to the landing page. The token files themselves are
 * side-effect free but not in the package's `exports` map, hence this alias.
 * shared/src/ui/default-theme.ts is the only importer; its test checks that what
 * it assembles still equals Chakra's own default config (minus recipes), so a
 * Chakra upgrade that moves these files fails loudly.
 *
 * The same specifier resolves in webpack (resolve.alias: ESM files), jest
 * (moduleNameMapper: the CJS twins) and tsc (tsconfig.base.json paths: .d.ts).
 */
const path = require('node:path');

const SPECIFIER = 'chakra-theme-parts';
const chakraRoot = path.dirname(require.resolve('@chakra-ui/react/package.json'));

module.exports = {
  SPECIFIER,
  /** webpack: resolve.alias */
  webpackAlias: { [SPECIFIER]: path.join(chakraRoot, 'dist/esm/theme') },
  /** jest: moduleNameMapper (jest runs the CommonJS build) */
  jestModuleNameMapper: { [`^${SPECIFIER}/(.*)$`]: path.join(chakraRoot, 'dist/cjs/theme/$1.cjs') },
};
