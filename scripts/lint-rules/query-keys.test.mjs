// Query keys come from one factory per domain (`queryKeys` in @campus/shared/query-keys):
// an array literal as a key anywhere else is refused.
import { lintAs } from './lint-text.mjs';

const keyProblems = (file, code) =>
  lintAs(file, code).filter((p) => p.ruleId === 'no-restricted-syntax' && p.message.includes('queryKeys'));

describe('query keys come from the factory', () => {
  it.each([
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
  ])('refuses %s', (_what, file, code) => {
    expect(keyProblems(file, code)).not.toEqual([]);
  });

  it('lets a factory key through', () => {
    const code =
      "import type { QueryClient } from '@tanstack/react-query';\nimport { queryKeys } from '@campus/shared/query-keys';\nexport const f = (c: QueryClient) => c.invalidateQueries({ queryKey: queryKeys.cart.all() });\n";
    expect(keyProblems('remote-cart/src/features/cart/api/example.ts', code)).toEqual([]);
  });

  it('lets the factory itself spell keys', () => {
    expect(keyProblems('shared/src/browser/query-keys.ts', "export const example = { queryKey: ['cart'] };\n")).toEqual([]);
  });
});
