/**
 * The system carries only the recipes of the components chakra.ts re-exports
 * (theme.ts). These tests keep the two lists in step, reading which recipe
 * each component asks for from Chakra's own sources, and check the recipe-less
 * default theme (default-theme.ts) still matches Chakra's defaults.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultThemeConfig, recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import * as chakraExports from './chakra';
import * as overlayExports from './overlays';
import { defaultThemeWithoutRecipes } from './default-theme';
import { UNUSED_PALETTES } from './theme-cuts';
import { designSystem, RECIPES, SLOT_RECIPES } from './theme';
import type * as ThemeModule from './theme';

const system = designSystem();

const ESM = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm');

/** Export name -> the file of Chakra's ESM build that defines it (relative to dist/esm). */
function chakraExportFiles(): Map<string, string> {
  const index = fs.readFileSync(path.join(ESM, 'index.js'), 'utf8');
  const namespaces = new Map<string, string>();
  for (const m of index.matchAll(/import \* as (\S+) from '([^']+)'/g)) namespaces.set(m[1]!, m[2]!);
  const files = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '([^']+)'/g)) {
    for (const spec of m[1]!.split(',')) {
      const [local, exported] = spec.trim().split(/\s+as\s+/);
      if (local) files.set((exported ?? local).trim(), m[2]!);
    }
  }
  for (const m of index.matchAll(/export \{ (\S+) as (\w+) \};/g)) {
    const file = namespaces.get(m[1]!);
    if (file) files.set(m[2]!, file);
  }
  return files;
}

/** Recipe keys a component file (and the component files it imports) asks the system for. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const body = fs.readFileSync(file, 'utf8');
  for (const m of body.matchAll(/key: "(\w+)"/g)) keys.add(m[1]!);
  for (const m of body.matchAll(/from '(\.[^']+)'/g)) {
    const next = path.resolve(path.dirname(file), m[1]!);
    // Follow other components (CloseButton -> IconButton -> Button -> Spinner), not the styled system.
    if (next.includes(`${path.sep}components${path.sep}`)) recipeKeys(next, seen).forEach((k) => keys.add(k));
  }
  return keys;
}

function requiredRecipes(): { recipes: Map<string, string[]>; slotRecipes: Map<string, string[]>; unknown: string[] } {
  const files = chakraExportFiles();
  const recipes = new Map<string, string[]>();
  const slotRecipes = new Map<string, string[]>();
  const unknown: string[] = [];
  // The door's components and the overlays it exports lazily: the system carries both's recipes.
  const names = [...Object.keys(chakraExports), ...Object.keys(overlayExports)].filter((n) => n !== '__esModule');
  for (const name of names) {
    const file = files.get(name);
    if (!file) {
      unknown.push(name);
      continue;
    }
    if (!file.startsWith('.')) continue; // re-exported from Ark UI (Portal): no recipe
    for (const key of recipeKeys(path.join(ESM, file))) {
      // Keys Chakra's default theme has no recipe for (e.g. "text") style nothing either way.
      const target = key in chakraRecipes ? recipes : key in chakraSlotRecipes ? slotRecipes : null;
      if (target) target.set(key, [...(target.get(key) ?? []), name]);
    }
  }
  return { recipes, slotRecipes, unknown };
}

describe('the design system carries exactly the recipes chakra.ts needs', () => {
  const required = requiredRecipes();

  it('finds every chakra.ts export in Chakra', () => {
    expect(required.unknown).toEqual([]);
    expect(required.recipes.size).toBeGreaterThan(5);
    expect(required.slotRecipes.size).toBeGreaterThan(5);
  });

  it('has the recipe of every re-exported component (add missing ones to RECIPES / SLOT_RECIPES in theme.ts)', () => {
    const missing = [
      ...[...required.recipes].filter(([key]) => !system.isRecipe(key)).map(([key, by]) => `recipe ${key} (${by.join(', ')})`),
      ...[...required.slotRecipes].filter(([key]) => !system.isSlotRecipe(key)).map(([key, by]) => `slot recipe ${key} (${by.join(', ')})`),
    ];
    expect(missing).toEqual([]);
  });

  it('carries no recipe that no re-exported component uses (they cost bytes on every page)', () => {
    expect(Object.keys(RECIPES).sort()).toEqual([...required.recipes.keys()].sort());
    expect(Object.keys(SLOT_RECIPES).sort()).toEqual([...required.slotRecipes.keys()].sort());
  });

  it("uses Chakra's own default recipes", () => {
    for (const [key, recipe] of Object.entries(RECIPES)) expect(recipe).toBe(chakraRecipes[key as keyof typeof chakraRecipes]);
    for (const [key, recipe] of Object.entries(SLOT_RECIPES)) {
      expect(recipe).toBe(chakraSlotRecipes[key as keyof typeof chakraSlotRecipes]);
    }
  });
});

/** Every `value` in a token tree, by its dotted path. */
function tokenValues(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof tree !== 'object' || tree === null) return out;
  for (const [key, child] of Object.entries(tree)) {
    if (key === 'value') out.set(prefix, child);
    else tokenValues(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** Source files of every app and of shared, tests and the theme's own files left out. */
function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourceFiles(file, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !file.includes(`${path.sep}ui${path.sep}theme-cuts`)) {
      out.push(file);
    }
  }
  return out;
}

describe('default-theme.ts', () => {
  const { recipes, slotRecipes, ...chakraTheme } = defaultThemeConfig.theme ?? {};
  const ours = defaultThemeWithoutRecipes.theme ?? {};

  it("equals Chakra's default theme config without the recipes, apart from its colours", () => {
    expect(recipes).toBeDefined();
    expect(slotRecipes).toBeDefined();
    const { tokens, semanticTokens, ...rest } = chakraTheme;
    const { tokens: ourTokens, semanticTokens: ourSemanticTokens, ...ourRest } = ours;
    expect({ ...defaultThemeWithoutRecipes, theme: ourRest }).toEqual({ ...defaultThemeConfig, theme: rest });
    expect({ ...ourTokens, colors: undefined }).toEqual({ ...tokens, colors: undefined });
    expect(ourSemanticTokens?.radii).toEqual(semanticTokens?.radii);
  });

  it("keeps every colour token but the unused palettes' as Chakra has it", () => {
    const chakraColors = tokenValues(chakraTheme.tokens?.colors);
    const ourColors = tokenValues(ours.tokens?.colors);
    for (const [name, value] of chakraColors) {
      if (UNUSED_PALETTES.some((palette) => name.startsWith(`${palette}.`))) expect(ourColors.has(name)).toBe(false);
      else expect([name, ourColors.get(name)]).toEqual([name, value]);
    }
    expect(ourColors.size).toBe(chakraColors.size - UNUSED_PALETTES.length * 11);
  });

  it("keeps each semantic colour and shadow's light value, and no dark one (the product has one colour mode)", () => {
    for (const group of ['colors', 'shadows'] as const) {
      const chakraValues = tokenValues(chakraTheme.semanticTokens?.[group]);
      const ourValues = tokenValues(ours.semanticTokens?.[group]);
      let compared = 0;
      for (const [name, value] of chakraValues) {
        if (UNUSED_PALETTES.some((palette) => name.startsWith(`${palette}.`))) {
          expect(ourValues.has(name)).toBe(false);
          continue;
        }
        const light = typeof value === 'object' && value !== null && '_light' in value ? value._light : value;
        expect([name, ourValues.get(name)]).toEqual([name, light]);
        compared += 1;
      }
      expect(ourValues.size).toBe(compared);
    }
    expect(JSON.stringify(defaultThemeWithoutRecipes)).not.toContain('_dark');
  });

  it('leaves out only palettes no screen names', () => {
    const roots = ['shell', 'shared', 'remote-auth', 'remote-marketplace', 'remote-cart', 'remote-seller', 'remote-messages', 'remote-ops'];
    const files = roots.flatMap((root) => sourceFiles(path.join(__dirname, '../../..', root, 'src')));
    expect(files.length).toBeGreaterThan(100);
    const palette = new RegExp(`\\b(${UNUSED_PALETTES.join('|')})\\b`);
    const naming = files.filter((file) => palette.test(fs.readFileSync(file, 'utf8')));
    expect(naming).toEqual([]);
  });

  it("writes error text in a red that reads on white and on the muted background (WCAG AA's 4.5:1)", () => {
    // Chakra's fg.error (red.500) gives 3.8:1 on white: axe fails every field error and refusal shown in it.
    // A semantic colour's value names another token (var(--chakra-colors-red-700)): follow it to the hex.
    const hex = (name: string): string => {
      const value = system.tokens.getByName(name)?.value ?? '';
      if (/^#[0-9a-f]{6}$/i.test(value)) return value;
      const referenced = /^var\(--chakra-colors-([a-z]+)-(\d+)\)$/.exec(value);
      if (!referenced) throw new Error(`${name}: ${value} is neither a hex colour nor another colour token`);
      return hex(`colors.${referenced[1]}.${referenced[2]}`);
    };
    const luminance = (colour: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(colour.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const contrast = (a: string, b: string) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
    };
    const error = hex('colors.fg.error');
    expect(contrast(error, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(error, hex('colors.bg.muted'))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the brand palette and the default tokens in the system', () => {
    expect(system.token('colors.brand.600')).toBe('#039855');
    expect(system.token('colors.gray.500')).toBe('#71717a');
    expect(system.token('spacing.4')).toBe('1rem');
  });
});

describe('designSystem()', () => {
  it('builds the system on its first call, once, and sets the `system` binding older remotes read', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module, nothing built yet
      const theme = require('./theme') as typeof ThemeModule;
      expect(theme.system).toBeUndefined();
      const built = theme.designSystem();
      expect(theme.system).toBe(built);
      expect(theme.designSystem()).toBe(built);
      expect(built.token('colors.brand.600')).toBe('#039855');
    });
  });
});
