// Query keys come from one factory per domain (`queryKeys` in @campus/shared/query-keys):
// an array literal as a key anywhere else is refused.
import { lintCases } from './lint-text.mjs';

const LITERAL_KEYS = [
  [
    'a literal key in a screen',
    'remote-marketplace/src/routes/Example.tsx',
    "import { useQuery } from '@tanstack/react-query';\nexport const useX = (slug: string) => useQuery({ queryKey: ['product', slug], queryFn: () => slug });\n",
  ],
  [
    'a literal key in an invalidation',
    'remote-cart/src/features/cart/api/example.ts',
    "import type { QueryClient } from '@tanstack/react-query';\nexport const f = (c: QueryClient) => c.invalidateQueries({ queryKey: ['cart'] });\n",
  ],
  [
    'a key built on a factory key',
    'remote-seller/src/features/x/api/example.ts',
    "import { queryKeys } from '@campus/shared/query-keys';\nexport const key = { queryKey: [...queryKeys.seller.all('s1'), 'extra'] };\n",
  ],
  [
    'a literal key in a cache write',
    'shell/src/app/layout/example.ts',
    "import type { QueryClient } from '@tanstack/react-query';\nexport const f = (c: QueryClient) => c.setQueryData(['cart'], null);\n",
  ],
  ['a literal key in shared browser code', 'shared/src/browser/example.ts', "export const options = { queryKey: ['wishlist'] };\n"],
];

const lint = lintCases([
  ...LITERAL_KEYS,
  [
    'a factory key',
    'remote-cart/src/features/cart/api/example.ts',
    "import type { QueryClient } from '@tanstack/react-query';\nimport { queryKeys } from '@campus/shared/query-keys';\nexport const f = (c: QueryClient) => c.invalidateQueries({ queryKey: queryKeys.cart.all() });\n",
  ],
  ['the factory', 'shared/src/browser/query-keys.ts', "export const example = { queryKey: ['cart'] };\n"],
]);
const keyProblems = (name) => lint(name).filter((p) => p.ruleId === 'no-restricted-syntax' && p.message.includes('queryKeys'));

describe('query keys come from the factory', () => {
  it.each(LITERAL_KEYS)('refuses %s', (what) => {
    expect(keyProblems(what)).not.toEqual([]);
  });

  it('lets a factory key through', () => {
    expect(keyProblems('a factory key')).toEqual([]);
  });

  it('lets the factory itself spell keys', () => {
    expect(keyProblems('the factory')).toEqual([]);
  });
});
