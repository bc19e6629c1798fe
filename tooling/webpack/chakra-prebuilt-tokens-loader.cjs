/**
 * The design system's token dictionary built once, by the build, instead of on every page's start.
 *
 * Chakra's createSystem builds its token dictionary (every token named, given its CSS variable,
 * its references expanded, the colour palettes derived) from the theme: about half of its time,
 * in one start-up task on the main thread. The theme does not change between page loads, so:
 *
 * - shared/src/ui/prebuilt-tokens.ts is replaced here by the dictionary the theme gives, built in
 *   Node with the same theme files and Chakra version (shared/src/ui/token-snapshot.ts writes it);
 * - shared/src/ui/default-tokens.ts is replaced by its trees' categories, empty: the values
 *   would be bytes (about 4.5 KB gzip) no page reads;
 * - Chakra's system.js hands the config's `prebuiltTokenDictionary` to createTokenDictionary;
 * - Chakra's token-dictionary.js reads that snapshot back instead of building, when it has one;
 *   without one (jest, tsc, a theme the snapshot's reader does not know), it builds as before.
 *
 * Written against @chakra-ui/react 3.37.0 (pinned): the build fails here if the code it rewrites
 * has changed, rather than silently doing nothing (as chakra-lazy-globals-loader.cjs does).
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { webpackAlias } = require('./chakra-theme-parts.cjs');

const REPO = path.join(__dirname, '..', '..');
const SHARED_UI = path.join(REPO, 'shared', 'src', 'ui');
const THEME = path.join(SHARED_UI, 'theme.ts');
const SNAPSHOT_CODEC = path.join(SHARED_UI, 'token-snapshot.ts');
const DEFAULT_TOKENS = path.join(SHARED_UI, 'default-tokens.ts');

const SYSTEM_CALL =
  /(createTokenDictionary\(\{\n(\s*)breakpoints: theme\.breakpoints,\n\s*tokens: theme\.tokens,\n\s*semanticTokens: theme\.semanticTokens,\n\s*prefix: cssVarsPrefix)\n/;

const DICTIONARY_BUILD = `  registerTokens();
  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  build();
  return dictionary;`;

const DICTIONARY_VIEWS = `  function setupViews() {
    allTokens.forEach((token) => {
      buildConditionMap(token);
      buildCategoryMap(token);
      buildCssVars(token);
      buildFlatMap(token);
      buildColorPalette(token);
    });
    byCategoryJson = mapToJson(byCategory);
  }`;

function mismatch(file) {
  return new Error(
    `${file}: Chakra's code no longer matches tooling/webpack/chakra-prebuilt-tokens-loader.cjs; update or remove the loader`,
  );
}

/** system.js: the config's snapshot goes to the dictionary. */
function patchSystem(source, file) {
  if (!SYSTEM_CALL.test(source)) throw mismatch(file);
  return source.replace(SYSTEM_CALL, (_match, call, indent) => `${call},\n${indent}prebuilt: config.prebuiltTokenDictionary\n`);
}

/** token-dictionary.js: read the snapshot back into the dictionary's own maps, or build as before. */
function patchTokenDictionary(source, file) {
  if (!source.includes(DICTIONARY_BUILD) || !source.includes(DICTIONARY_VIEWS)) throw mismatch(file);
  // The views the build derives from the tokens (the palettes come with the snapshot: deriving them is the costly part).
  const restore = `  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  // The snapshot as the build wrote it, or already decoded (a function returning it, which the configs' deep copy leaves as it is).
  const prebuilt = typeof options.prebuilt === "string" ? decodeTokenDictionary(options.prebuilt) : typeof options.prebuilt === "function" ? options.prebuilt() : undefined;
  if (prebuilt) {
    allTokens.push(...prebuilt.allTokens);
    prebuilt.tokenMap.forEach((token, name) => tokenNameMap.set(name, token));
    prebuilt.colorPaletteMap.forEach((vars, name) => colorPaletteMap.set(name, vars));
    allTokens.forEach((token) => {
      buildConditionMap(token);
      buildCategoryMap(token);
      buildCssVars(token);
      buildFlatMap(token);
    });
    byCategoryJson = mapToJson(byCategory);
    return dictionary;
  }
  registerTokens();
  build();
  return dictionary;`;
  return `import { decodeTokenDictionary } from ${JSON.stringify(SNAPSHOT_CODEC)};\n${source.replace(DICTIONARY_BUILD, () => restore)}`;
}

/**
 * The theme as Node runs it: bundled with esbuild (the browser's own theme files, through the same
 * `chakra-theme-parts` alias; Chakra itself from node_modules) and evaluated. Every file it read
 * becomes a dependency of the module asking, so a theme change rebuilds it. One build's configs
 * (browser, prerender, standalone) ask in turn: the last result serves while those files are unchanged.
 */
let lastTheme;

async function themeInNode(loader) {
  if (lastTheme && lastTheme.inputs.every(([file, text]) => fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text)) {
    for (const [file] of lastTheme.inputs) loader.addDependency(file);
    return lastTheme.exports;
  }
  const esbuild = require('esbuild');
  const result = await esbuild.build({
    stdin: {
      contents: [
        `export { designSystem } from ${JSON.stringify(THEME)};`,
        `export { encodeTokenDictionary } from ${JSON.stringify(SNAPSHOT_CODEC)};`,
        `export * as defaultTokensModule from ${JSON.stringify(DEFAULT_TOKENS)};`,
      ].join('\n'),
      resolveDir: SHARED_UI,
      sourcefile: 'theme-in-node.ts',
      loader: 'ts',
    },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    alias: webpackAlias,
    absWorkingDir: REPO,
    metafile: true,
    logLevel: 'silent',
  });
  const entry = path.join(SHARED_UI, 'theme-in-node.ts');
  // Chakra itself is not bundled (Node requires it): its package.json stands for it, so an upgrade rebuilds
  // (a running dev server still needs a restart: Node keeps the Chakra it loaded first).
  const inputs = [
    ...Object.keys(result.metafile.inputs).map((input) => path.resolve(REPO, input)),
    require.resolve('@chakra-ui/react/package.json'),
  ]
    .filter((file) => file !== entry)
    .map((file) => [file, fs.readFileSync(file, 'utf8')]);
  for (const [file] of inputs) loader.addDependency(file);
  const exports = runCommonJs(result.outputFiles[0].text, path.join(SHARED_UI, 'theme-in-node.cjs'));
  lastTheme = { inputs, exports };
  return exports;
}

/** A CommonJS bundle's exports, run as if it were the file named (its require()s resolve from there). */
function runCommonJs(code, filename) {
  const bundle = new Module(filename);
  bundle.filename = filename;
  bundle.paths = Module._nodeModulePaths(path.dirname(filename));
  bundle._compile(code, filename);
  return bundle.exports;
}

/** A JavaScript string literal in single quotes: JSON's double quotes go unescaped (fewer bytes). */
const singleQuoted = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** prebuilt-tokens.ts: the theme's token dictionary, written down (shared/src/ui/token-snapshot.ts). */
async function prebuiltTokensModule(loader) {
  const { designSystem, encodeTokenDictionary } = await themeInNode(loader);
  const snapshot = encodeTokenDictionary(designSystem().tokens);
  return `/** Written by tooling/webpack/chakra-prebuilt-tokens-loader.cjs from the theme. */\nexport const PREBUILT_TOKEN_DICTIONARY: string | undefined = ${singleQuoted(snapshot)};\n`;
}

/**
 * default-tokens.ts: its trees with their categories alone. The page reads the values from the
 * snapshot above; createSystem reads only the categories' names (theme.ts empties them anyway).
 */
async function defaultTokensModule(loader) {
  const { defaultTokensModule: module } = await themeInNode(loader);
  const names = Object.keys(module).sort();
  if (names.join() !== 'defaultSemanticTokens,defaultTokens') {
    throw new Error(
      `${DEFAULT_TOKENS} exports ${names.join(', ')}: chakra-prebuilt-tokens-loader.cjs writes only defaultTokens and defaultSemanticTokens`,
    );
  }
  const categories = (tree) => JSON.stringify(Object.fromEntries(Object.keys(tree).map((category) => [category, {}])));
  return [
    '/** Written by tooling/webpack/chakra-prebuilt-tokens-loader.cjs: the categories alone (the values are in prebuilt-tokens.ts). */',
    `export const defaultTokens = ${categories(module.defaultTokens)};`,
    `export const defaultSemanticTokens = ${categories(module.defaultSemanticTokens)};`,
    '',
  ].join('\n');
}

function generated(loader, write) {
  const callback = loader.async();
  write(loader).then(
    (code) => callback(null, code),
    (error) => callback(error),
  );
}

module.exports = function chakraPrebuiltTokensLoader(source) {
  const file = this.resourcePath;
  if (/[\\/]styled-system[\\/]system\.js$/.test(file)) return patchSystem(source, file);
  if (/[\\/]styled-system[\\/]token-dictionary\.js$/.test(file)) return patchTokenDictionary(source, file);
  if (/[\\/]shared[\\/]src[\\/]ui[\\/]prebuilt-tokens\.ts$/.test(file)) return generated(this, prebuiltTokensModule);
  if (/[\\/]shared[\\/]src[\\/]ui[\\/]default-tokens\.ts$/.test(file)) return generated(this, defaultTokensModule);
  throw new Error(`${file}: chakra-prebuilt-tokens-loader.cjs does not know this file`);
};

module.exports.patchSystem = patchSystem;
module.exports.patchTokenDictionary = patchTokenDictionary;
module.exports.prebuiltTokensModule = prebuiltTokensModule;
module.exports.defaultTokensModule = defaultTokensModule;
module.exports.runCommonJs = runCommonJs;
