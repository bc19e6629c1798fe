/**
 * @jest-environment node
 *
 * The design system as the browser gets it: Chakra's ESM build with the build's loaders applied
 * (tooling/webpack/chakra-prebuilt-tokens-loader.cjs), so createSystem reads back the token
 * dictionary the build wrote down. It must be the system Chakra builds itself from the theme.
 * esbuild stands in for webpack here: the loaders are plain source-to-source functions.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- the build's CommonJS tooling, and bundles evaluated at run time */
import fs from 'node:fs';
import path from 'node:path';
import type * as Esbuild from 'esbuild';
import type * as ThemeModule from './theme';

const esbuild = require('esbuild') as typeof Esbuild;

interface PrebuiltTokensLoader {
  patchSystem(source: string, file: string): string;
  patchTokenDictionary(source: string, file: string): string;
  prebuiltTokensModule(loader: { addDependency(file: string): void }): Promise<string>;
  defaultTokensModule(loader: { addDependency(file: string): void }): Promise<string>;
  runCommonJs(code: string, filename: string): unknown;
}
const loader = require('../../../tooling/webpack/chakra-prebuilt-tokens-loader.cjs') as PrebuiltTokensLoader;
const { webpackAlias } = require('../../../tooling/webpack/chakra-theme-parts.cjs') as { webpackAlias: Record<string, string> };

const THEME = path.join(__dirname, 'theme.ts');

/**
 * Counts the snapshot's decodes in a bundle (its `snapshotDecodes` export, with `countingDecodes`
 * as the entry): where the work happens. The bundle runs in Node's own realm, not the test's, so
 * the count is read from the bundle, not from a global.
 */
const TOKEN_SNAPSHOT = path.join(__dirname, 'token-snapshot.ts');
const countDecodes: Esbuild.Plugin = {
  name: 'count-snapshot-decodes',
  setup(build) {
    build.onLoad({ filter: /[\\/]token-snapshot\.ts$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const head = 'export function decodeTokenDictionary(text: string): BuiltTokenDictionary {';
      if (!source.includes(head)) throw new Error('decodeTokenDictionary is no longer declared as this test expects');
      return { contents: `export let snapshotDecodes = 0;\n${source.replace(head, `${head}\n  snapshotDecodes += 1;`)}`, loader: 'ts' };
    });
  },
};
const countingDecodes = `export * from ${JSON.stringify(THEME)};\nexport { snapshotDecodes } from ${JSON.stringify(TOKEN_SNAPSHOT)};`;
type CountingTheme = typeof ThemeModule & { readonly snapshotDecodes: number };

/** The build's patches as an esbuild plugin; `tamper` edits the snapshot the build wrote. */
function buildLoaders(tamper: (snapshotModule: string) => string = (code) => code): Esbuild.Plugin {
  return {
    name: 'chakra-prebuilt-tokens',
    setup(build) {
      build.onLoad({ filter: /styled-system[\\/](system|token-dictionary)\.js$/ }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8');
        const patch = args.path.endsWith('token-dictionary.js') ? loader.patchTokenDictionary : loader.patchSystem;
        return { contents: patch(source, args.path), loader: 'js' };
      });
      build.onLoad({ filter: /[\\/]prebuilt-tokens\.ts$/ }, async () => ({
        contents: tamper(await loader.prebuiltTokensModule({ addDependency: () => undefined })),
        loader: 'ts',
      }));
      build.onLoad({ filter: /[\\/]default-tokens\.ts$/ }, async () => ({
        contents: await loader.defaultTokensModule({ addDependency: () => undefined }),
        loader: 'ts',
      }));
    },
  };
}

/** theme.ts bundled with Chakra's ESM build (as webpack bundles it), run in Node. */
async function loadTheme(plugins: Esbuild.Plugin[], entry?: string): Promise<typeof ThemeModule> {
  const result = await esbuild.build({
    ...(entry ? { stdin: { contents: entry, resolveDir: __dirname, sourcefile: 'entry.ts', loader: 'ts' } } : { entryPoints: [THEME] }),
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    // Chakra's ESM modules bundled (the ones the loaders patch); React and emotion from node_modules.
    external: ['react', 'react-dom', 'react/*', '@emotion/*'],
    alias: webpackAlias,
    plugins,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing');
  return loader.runCommonJs(output.text, THEME) as typeof ThemeModule;
}

type System = ReturnType<typeof ThemeModule.designSystem>;

let chakraBuilt: System;
let readBack: System;

beforeAll(async () => {
  chakraBuilt = (await loadTheme([])).designSystem();
  readBack = (await loadTheme([buildLoaders()])).designSystem();
}, 60_000);

describe('the design system with the token dictionary the build wrote down', () => {
  it('has the same tokens and views as the one Chakra builds', () => {
    const ours = readBack.tokens;
    const chakra = chakraBuilt.tokens;
    expect(ours.allTokens.length).toBeGreaterThan(400);
    expect(ours.allTokens).toEqual(chakra.allTokens);
    expect(ours.tokenMap).toEqual(chakra.tokenMap);
    expect(ours.flatMap).toEqual(chakra.flatMap);
    expect(ours.cssVarMap).toEqual(chakra.cssVarMap);
    expect(ours.categoryMap).toEqual(chakra.categoryMap);
    expect(ours.colorPaletteMap).toEqual(chakra.colorPaletteMap);
    for (const category of chakra.categoryMap.keys()) expect(ours.getCategoryValues(category)).toEqual(chakra.getCategoryValues(category));
  });

  it('writes the same CSS: the page globals, style props, recipes, palettes', () => {
    expect(readBack.getTokenCss()).toEqual(chakraBuilt.getTokenCss());
    expect(readBack.getGlobalCss()).toEqual(chakraBuilt.getGlobalCss());
    const styles = {
      color: 'brand.fg',
      bg: { base: 'gray.50', md: 'brand.solid/40' },
      mx: '-4',
      p: '3',
      borderRadius: 'l2',
      fontSize: 'sm',
      boxShadow: 'md',
      colorPalette: 'red',
      borderColor: 'colorPalette.muted',
      _hover: { bg: 'colorPalette.subtle' },
    };
    expect(readBack.css(styles)).toEqual(chakraBuilt.css(styles));
    expect(readBack.css(styles)).toMatchObject({ color: 'var(--chakra-colors-brand-fg)' });
    const button = { variant: 'solid', size: 'md', colorPalette: 'brand' } as const;
    expect(readBack.getRecipeFn('button')(button)).toEqual(chakraBuilt.getRecipeFn('button')(button));
    expect(readBack.token('colors.brand.600')).toBe('#039855');
    expect(readBack.token('spacing.-4')).toBe(chakraBuilt.token('spacing.-4'));
  });

  it('reads the tokens from the snapshot, not from the theme', async () => {
    // Proof that the read-back path runs: a value changed in the snapshot shows in the system.
    const tampered = (await loadTheme([buildLoaders((code) => code.replace('"#039855"', '"#010203"'))])).designSystem();
    expect(tampered.token('colors.brand.600')).toBe('#010203');
    expect(readBack.token('colors.brand.600')).toBe('#039855');
  }, 60_000);

  it('leaves the token values out of the bundle and the configs it merges (only their categories are read)', async () => {
    const emptied = await loader.defaultTokensModule({ addDependency: () => undefined });
    expect(emptied).toContain('"colors":{}');
    expect(emptied).not.toContain('#');
    const config = readBack._config.theme;
    expect(config?.tokens?.colors).toEqual({});
    expect(Object.keys(config?.tokens ?? {})).toEqual(Object.keys(chakraBuilt._config.theme?.tokens ?? {}));
    expect(Object.keys(config?.semanticTokens ?? {})).toEqual(Object.keys(chakraBuilt._config.theme?.semanticTokens ?? {}));
    expect(readBack.query.tokens.categoryKeys).toEqual(chakraBuilt.query.tokens.categoryKeys);
    expect(readBack.query.semanticTokens.list('colors')).toEqual(chakraBuilt.query.semanticTokens.list('colors'));
  });

  it('builds the same system from the snapshot decoded ahead (prepareDesignSystem), and decodes it there, not again', async () => {
    // The shell's start-up decodes the snapshot in a task before the one that builds the system.
    const theme = (await loadTheme([buildLoaders(), countDecodes], countingDecodes)) as CountingTheme;
    expect(theme.snapshotDecodes).toBe(0);
    theme.prepareDesignSystem();
    expect(theme.snapshotDecodes).toBe(1);
    const system = theme.designSystem();
    expect(theme.snapshotDecodes).toBe(1);
    expect(system.tokens.allTokens).toEqual(chakraBuilt.tokens.allTokens);
    expect(system.tokens.cssVarMap).toEqual(chakraBuilt.tokens.cssVarMap);
    expect(system.tokens.colorPaletteMap).toEqual(chakraBuilt.tokens.colorPaletteMap);
    expect(system.getTokenCss()).toEqual(chakraBuilt.getTokenCss());
    // Once built, there is nothing left to prepare.
    theme.prepareDesignSystem();
    expect(theme.snapshotDecodes).toBe(1);

    // Without it, designSystem() decodes the snapshot itself, once.
    const unprepared = (await loadTheme([buildLoaders(), countDecodes], countingDecodes)) as CountingTheme;
    expect(unprepared.designSystem().tokens.allTokens).toEqual(chakraBuilt.tokens.allTokens);
    expect(unprepared.snapshotDecodes).toBe(1);
  }, 60_000);

  it("fails the build when Chakra's code no longer matches the patches", () => {
    expect(() => loader.patchSystem('createSystem() {}', 'system.js')).toThrow(/no longer matches/);
    expect(() => loader.patchTokenDictionary('build();', 'token-dictionary.js')).toThrow(/no longer matches/);
  });
});
