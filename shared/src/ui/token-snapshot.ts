/**
 * The design system's token dictionary, written down at build time and read back at start-up.
 *
 * Chakra's createSystem spends about half of its time building the token dictionary: walking
 * the token trees, naming every CSS variable, expanding references, deriving the colour
 * palettes. The result depends on the theme alone, so the build computes it once
 * (tooling/webpack/chakra-prebuilt-tokens-loader.cjs) and the page only reads it back.
 *
 * The snapshot is lossless: `decodeTokenDictionary(encodeTokenDictionary(d))` has the same
 * tokens, name map and palettes as `d` (token-snapshot.test.ts), and the encoder reads its own
 * output back before the build ships it. What Chakra's rules give a token from its path and value
 * (its name, category, CSS variable, pixels, palette) is left out where the token follows them:
 * the snapshot ships in every page (about 5.4 KB gzip, against 11.9 KB with every field written).
 */

/** A token as Chakra's dictionary holds it once built (only the fields this file reads are typed). */
export interface DictionaryToken {
  name: string;
  value: unknown;
  originalValue: unknown;
  path: string[];
  extensions: TokenExtensions;
}

export interface TokenExtensions {
  [key: string]: unknown;
  condition?: string;
  originalPath?: string[];
  category?: string;
  prop?: string;
  cssVar?: { var: string; ref: string };
  references?: Record<string, DictionaryToken>;
}

/** The parts of Chakra's token dictionary that its build fills in (the rest are functions over them). */
export interface BuiltTokenDictionary {
  allTokens: DictionaryToken[];
  tokenMap: Map<string, DictionaryToken>;
  colorPaletteMap: Map<string, Map<string, string>>;
}

/** One token, with what its other fields give left out. Keys are short: the snapshot ships in every page. */
interface EncodedToken {
  /** path: joined with dots where splitting gives it back (most tokens: fewer bytes), else the list */
  p: string | string[];
  /** value */
  v: unknown;
  /** originalValue, when it differs from value */
  o?: unknown;
  /** name, when it is not the path joined with dots */
  n?: string;
  /** indexes in `tokens` of the tokens it references, when it references any */
  r?: number[];
  /** extensions not derived, or whose value is not the derived one */
  x?: Record<string, unknown>;
  /** derived extensions the token does not have */
  u?: string[];
}

interface EncodedDictionary {
  format: typeof FORMAT;
  tokens: EncodedToken[];
  /** tokenMap, in its order, as indexes in `tokens`; absent when it maps each token's name to the token */
  names?: number[];
  /** each palette's variables: a suffix where they follow paletteVariable(), else the pair */
  colorPalettes: [string, (string | [string, string])[]][];
}

const FORMAT = 2;

const joined = (path: readonly string[]) => path.join('.');
const kebab = (text: string) => text.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** A CSS variable name from a path needs Chakra's dashes (camelCase) or escapes (`.` and `/`). */
const NEEDS_ESCAPE = /[A-Z./]/;

/** list[i], which a well-formed snapshot always has. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`token snapshot: no entry ${i}`);
  return item;
}

/** The same JSON data, key order aside. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => key in b && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * What Chakra's build gives a token, as far as its other fields say it (the rules of Chakra's
 * token transforms and middlewares, copied for the common case). Where a token differs, the
 * snapshot carries its own value: a rule here only decides what the snapshot can leave out.
 * Each rule reads only the token's path, value and the extensions of the rules above it.
 */
interface DerivedExtension {
  key: string;
  applies(token: DictionaryToken): boolean;
  derive(token: DictionaryToken): unknown;
}

const PIXEL_CATEGORIES = new Set(['spacing', 'sizes', 'borderWidths', 'fontSizes', 'radii']);

function pixels(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const rem = /^(-?\d*\.?\d+)(rem|em)$/.exec(value)?.[1];
  return rem === undefined ? value : `${parseFloat(rem) * 16}px`;
}

function colorPalette(path: readonly string[]) {
  // Nearly every colour is `colors.<palette>` or `colors.<palette>.<key>`: no arrays to build for those.
  const [category, first, second] = path;
  if (first !== undefined && first !== category && path.length <= 3) {
    return { value: first, roots: [[first]], keys: [[second ?? '']] };
  }
  let palette = path.slice(1, -1);
  if (palette.length === 0) palette = path.slice(1);
  if (palette.length === 0) return {};
  const start = path.indexOf(at(palette, 0)) + 1;
  const keys = path.slice(start).map((_, i, rest) => rest.slice(i));
  return { value: joined(palette), roots: palette.map((_, i) => palette.slice(0, i + 1)), keys: keys.length ? keys : [['']] };
}

const always = () => true;

const DERIVED: readonly DerivedExtension[] = [
  { key: 'condition', applies: always, derive: () => 'base' },
  { key: 'originalPath', applies: always, derive: (token) => token.path },
  { key: 'category', applies: always, derive: (token) => token.path[0] },
  { key: 'prop', applies: always, derive: (token) => joined(token.path.slice(1)) },
  {
    key: 'cssVar',
    applies: always,
    derive: (token) => {
      const dashed = (token.extensions.originalPath ?? token.path).join('-');
      // Replacing with a callback is slow in a page's cold start; most names need no replacing.
      const name = `--chakra-${NEEDS_ESCAPE.test(dashed) ? kebab(dashed).replace(/[./]/g, (c) => `\\${c}`) : dashed}`;
      return { var: name, ref: `var(${name})` };
    },
  },
  {
    key: 'pixelValue',
    applies: (token) => PIXEL_CATEGORIES.has(token.extensions.category ?? '') && !token.extensions.negative,
    derive: (token) => pixels(token.value),
  },
  {
    key: 'colorPalette',
    applies: (token) => token.extensions.category === 'colors' && !token.extensions.virtual,
    derive: (token) => colorPalette(token.path),
  },
];

const PALETTE_VARIABLE = '--chakra-colors-color-palette';

/** What a palette maps `colorPalette.<suffix>` to, as a rule: `red` maps `…-color-palette-50` to `var(--chakra-colors-red-50)`. */
function paletteVariable(palette: string, suffix: string): [string, string] {
  const tail = suffix ? `-${suffix}` : '';
  return [
    `${PALETTE_VARIABLE}${tail}`,
    `var(--chakra-colors-${NEEDS_ESCAPE.test(palette) ? kebab(palette).replace(/\./g, '-') : palette}${tail})`,
  ];
}

const DERIVED_KEYS = new Set(DERIVED.map((rule) => rule.key));

/** Throws on anything JSON cannot carry: the build must fail rather than ship a different dictionary. */
function assertPlainData(value: unknown, where: string): void {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertPlainData(item, `${where}[${index}]`));
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, child] of Object.entries(value)) assertPlainData(child, `${where}.${key}`);
    return;
  }
  throw new Error(`token snapshot: ${where} is not plain data (${typeof value})`);
}

function encodeToken(token: DictionaryToken, indexOf: (ref: DictionaryToken, where: string) => number): EncodedToken {
  const { references, ...extensions } = token.extensions;
  const dotted = joined(token.path);
  const encoded: EncodedToken = { p: sameData(dotted.split('.'), token.path) ? dotted : token.path, v: token.value };
  if (!sameData(token.originalValue, token.value)) encoded.o = token.originalValue;
  if (token.name !== joined(token.path)) encoded.n = token.name;
  if (references) encoded.r = Object.entries(references).map(([name, ref]) => indexOf(ref, `${token.name} -> ${name}`));
  // What the reader will have when it applies each rule: the extensions no rule derives, then the rules' in order.
  const x: Record<string, unknown> = Object.fromEntries(Object.entries(extensions).filter(([key]) => !DERIVED_KEYS.has(key)));
  const reader: DictionaryToken = { ...token, extensions: { ...x } };
  const unset: string[] = [];
  for (const rule of DERIVED) {
    const has = rule.key in extensions;
    if (rule.applies(reader)) {
      if (!has) unset.push(rule.key);
      else if (!sameData(extensions[rule.key], rule.derive(reader))) x[rule.key] = extensions[rule.key];
    } else if (has) {
      x[rule.key] = extensions[rule.key];
    }
    if (has) reader.extensions[rule.key] = extensions[rule.key];
  }
  if (Object.keys(x).length > 0) encoded.x = x;
  if (unset.length > 0) encoded.u = unset;
  assertPlainData(encoded, token.name);
  return encoded;
}

/** Written for a page's cold start (interpreted, not yet optimised code): plain loops, no spread of nothing. */
function decodeToken(encoded: EncodedToken): DictionaryToken {
  const { p, v: value, x, u } = encoded;
  const path = typeof p === 'string' ? p.split('.') : p;
  const token: DictionaryToken = {
    value,
    originalValue: 'o' in encoded ? encoded.o : value,
    name: encoded.n ?? (typeof p === 'string' ? p : joined(path)),
    path,
    extensions: x === undefined ? {} : { ...x },
  };
  for (let i = 0; i < DERIVED.length; i++) {
    const rule = DERIVED[i] as DerivedExtension;
    if ((x !== undefined && rule.key in x) || (u !== undefined && u.includes(rule.key)) || !rule.applies(token)) continue;
    token.extensions[rule.key] = rule.derive(token);
  }
  return token;
}

export function encodeTokenDictionary(dictionary: BuiltTokenDictionary): string {
  const index = new Map(dictionary.allTokens.map((token, i) => [token, i]));
  const indexOf = (token: DictionaryToken, where: string): number => {
    const i = index.get(token);
    if (i === undefined) throw new Error(`token snapshot: ${where} is not one of the dictionary's tokens`);
    return i;
  };
  const snapshot: EncodedDictionary = {
    format: FORMAT,
    tokens: dictionary.allTokens.map((token) => encodeToken(token, indexOf)),
    colorPalettes: [...dictionary.colorPaletteMap].map(([palette, vars]) => [
      palette,
      [...vars].map(([name, ref]) => {
        const suffix = name.slice(PALETTE_VARIABLE.length + 1);
        const [ruleName, ruleRef] = paletteVariable(palette, suffix);
        return ruleName === name && ruleRef === ref ? suffix : [name, ref];
      }),
    ]),
  };
  const byName = [...new Map(dictionary.allTokens.map((token) => [token.name, token]))];
  const names = [...dictionary.tokenMap];
  if (names.length !== byName.length || names.some(([name, token], i) => at(byName, i)[0] !== name || at(byName, i)[1] !== token)) {
    snapshot.names = names.map(([name, token]) => {
      if (token.name !== name) throw new Error(`token snapshot: tokenMap's ${name} holds ${token.name}`);
      return indexOf(token, `tokenMap's ${name}`);
    });
  }
  const text = JSON.stringify(snapshot);
  // The build's own proof that the page will read back exactly this dictionary.
  const back = decodeTokenDictionary(text);
  dictionary.allTokens.forEach((token, i) => {
    const { references, ...rest } = token.extensions;
    const read = at(back.allTokens, i);
    const { references: backReferences, ...backRest } = read.extensions;
    const same = sameData({ ...token, extensions: rest }, { ...read, extensions: backRest }) && !references === !backReferences;
    if (!same) throw new Error(`token snapshot: ${token.name} would not be read back as it is`);
  });
  return text;
}

/** The dictionary's built parts from a snapshot this file wrote. */
export function decodeTokenDictionary(text: string): BuiltTokenDictionary {
  const snapshot = JSON.parse(text) as EncodedDictionary;
  // The build writes the snapshot and the page's reader together: another format is a broken build.
  if (snapshot.format !== FORMAT) throw new Error(`token snapshot: format ${String(snapshot.format)}, this reader reads ${FORMAT}`);
  const allTokens = snapshot.tokens.map(decodeToken);
  snapshot.tokens.forEach((encoded, i) => {
    if (!encoded.r) return;
    const references: Record<string, DictionaryToken> = {};
    for (const ref of encoded.r) references[at(allTokens, ref).name] = at(allTokens, ref);
    at(allTokens, i).extensions.references = references;
  });
  const tokenMap = snapshot.names
    ? new Map(snapshot.names.map((i) => [at(allTokens, i).name, at(allTokens, i)]))
    : new Map(allTokens.map((token) => [token.name, token]));
  return {
    allTokens,
    tokenMap,
    colorPaletteMap: new Map(
      snapshot.colorPalettes.map(([palette, vars]) => [
        palette,
        new Map(vars.map((entry) => (typeof entry === 'string' ? paletteVariable(palette, entry) : entry))),
      ]),
    ),
  };
}
