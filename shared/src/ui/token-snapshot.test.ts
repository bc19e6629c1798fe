import { gzipSync } from 'node:zlib';
import { designSystem } from './theme';
import { decodeTokenDictionary, encodeTokenDictionary, type BuiltTokenDictionary, type DictionaryToken } from './token-snapshot';

// The product's own dictionary, as Chakra builds it from the theme (jest: no snapshot, Chakra builds it).
const built = designSystem().tokens as unknown as BuiltTokenDictionary;

function tokenNamed(name: string): DictionaryToken {
  const token = built.allTokens.find((candidate) => candidate.name === name);
  if (!token) throw new Error(`no token ${name}`);
  return token;
}

const dictionaryOf = (...tokens: DictionaryToken[]): BuiltTokenDictionary => ({
  allTokens: tokens,
  tokenMap: new Map(tokens.map((token) => [token.name, token])),
  colorPaletteMap: new Map(),
});

describe('token snapshot', () => {
  const text = encodeTokenDictionary(built);
  const decoded = decodeTokenDictionary(text);

  it('reads back every token as Chakra built it, in its order', () => {
    expect(built.allTokens.length).toBeGreaterThan(400);
    expect(decoded.allTokens).toEqual(built.allTokens);
    // The tokens whose fields break the common rules are there too.
    expect(decoded.allTokens.filter((token) => token.extensions.negative === true).length).toBeGreaterThan(10);
    expect(decoded.allTokens.filter((token) => token.extensions.virtual === true).length).toBeGreaterThan(10);
    expect(decoded.allTokens.filter((token) => token.extensions.conditions).length).toBeGreaterThan(50);
  });

  it('keeps the name map, in its order, pointing at the tokens of the list', () => {
    expect([...decoded.tokenMap.keys()]).toEqual([...built.tokenMap.keys()]);
    const listed = new Set(decoded.allTokens);
    for (const [name, token] of decoded.tokenMap) {
      expect(token).toEqual(built.tokenMap.get(name));
      expect(listed.has(token)).toBe(true);
    }
  });

  it('keeps every colour palette', () => {
    expect(decoded.colorPaletteMap).toEqual(built.colorPaletteMap);
    expect(decoded.colorPaletteMap.get('brand')?.get('--chakra-colors-color-palette-solid')).toBe('var(--chakra-colors-brand-solid)');
  });

  it('leaves out what the rules give: a few KB on every page', () => {
    // Measured when written: 5.4 KB gzip, against 11.5 KB with every field written out.
    expect(gzipSync(text).length).toBeLessThan(6_500);
    // Every CSS variable and palette entry of this theme follows the rules.
    expect(text).not.toContain('"cssVar"');
    expect(text).not.toContain('--chakra-colors-color-palette');
    // Only the negative spacing tokens keep their own original path; no token writes its pixels.
    expect(text.split('"originalPath"').length - 1).toBe(decoded.allTokens.filter((token) => token.extensions.negative).length);
    expect(text).not.toContain('"pixelValue"');
  });

  it('writes down what differs from the rules, and the rules it does not follow', () => {
    const brand = tokenNamed('colors.brand.600');
    const odd: DictionaryToken = {
      ...brand,
      name: 'not.its.path',
      originalValue: 'other',
      extensions: { ...brand.extensions, category: 'elsewhere', cssVar: { var: '--x', ref: 'var(--y)' }, colorPalette: { value: 'odd' } },
    };
    const { pixelValue: _dropped, ...withoutPixels } = tokenNamed('spacing.4').extensions;
    const spacing: DictionaryToken = { ...tokenNamed('spacing.4'), extensions: withoutPixels };
    const { cssVar: _noVar, ...withoutVar } = tokenNamed('radii.md').extensions;
    const radius: DictionaryToken = { ...tokenNamed('radii.md'), extensions: withoutVar };
    const back = decodeTokenDictionary(encodeTokenDictionary(dictionaryOf(odd, spacing, radius)));
    expect(back.allTokens).toEqual([odd, spacing, radius]);
  });

  it('points a reference at the token itself, as a dictionary does', () => {
    // Chakra drops a token's references once it has expanded them; a later version might not.
    const first = tokenNamed('colors.brand.600');
    const second = tokenNamed('colors.brand.700');
    const referring: DictionaryToken = { ...second, extensions: { ...second.extensions, references: { [first.name]: first } } };
    const back = decodeTokenDictionary(encodeTokenDictionary(dictionaryOf(first, referring)));
    expect(back.allTokens[1]?.extensions.references?.[first.name]).toBe(back.allTokens[0]);
    expect(back.allTokens).toEqual([first, referring]);
  });

  it('refuses what it cannot write down, rather than ship another dictionary', () => {
    const brand = tokenNamed('colors.brand.600');
    const withFunction: DictionaryToken = { ...brand, extensions: { ...brand.extensions, transform: () => 'x' } };
    expect(() => encodeTokenDictionary(dictionaryOf(withFunction))).toThrow(/not plain data/);
    const referring: DictionaryToken = { ...brand, extensions: { ...brand.extensions, references: { stranger: tokenNamed('spacing.4') } } };
    expect(() => encodeTokenDictionary(dictionaryOf(referring))).toThrow(/not one of the dictionary's tokens/);
  });

  it('refuses a snapshot of another format: the build wrote it with another reader', () => {
    expect(() => decodeTokenDictionary(text.replace('"format":2', '"format":1'))).toThrow(/format 1/);
  });
});
