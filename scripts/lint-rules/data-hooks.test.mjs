// A screen (src/routes) takes its data from a feature's api/ hooks: importing the query
// library there is refused; a feature's api/ folder may import it.
import { lintCases } from './lint-text.mjs';

const QUERY_IN_SCREEN =
  "import { useQuery } from '@tanstack/react-query';\nexport const useX = () => useQuery({ queryKey: [], queryFn: () => 1 });\n";
const SCREENS = [
  'remote-seller/src/routes/Example.tsx',
  'remote-marketplace/src/routes/Example.tsx',
  'remote-cart/src/routes/nested/Example.tsx',
];
const FEATURE_API = 'remote-seller/src/features/products/api/example.ts';

const lint = lintCases([
  ...[...SCREENS, FEATURE_API].map((file) => [file, file, QUERY_IN_SCREEN]),
  [
    'a remote importing a remote',
    'remote-cart/src/routes/Example.tsx',
    "import { x } from '@campus/remote-seller/src/x';\nexport const y = x;\n",
  ],
]);
const dataHookProblems = (name) =>
  lint(name).filter((p) => p.ruleId === '@typescript-eslint/no-restricted-imports' && p.message.includes('api/'));

describe("data hooks live in features' api/ folders", () => {
  it.each(SCREENS)('refuses @tanstack/react-query in a screen: %s', (file) => {
    expect(dataHookProblems(file)).not.toEqual([]);
  });

  it("lets a feature's api/ folder use it", () => {
    expect(dataHookProblems(FEATURE_API)).toEqual([]);
  });

  it('keeps the import boundaries in screens too', () => {
    const problems = lint('a remote importing a remote');
    expect(problems.some((p) => p.ruleId === 'no-restricted-imports')).toBe(true);
  });
});
