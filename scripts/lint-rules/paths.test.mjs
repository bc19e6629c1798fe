// App paths are written with href(screen, params) from @campus/shared/federation: a screen
// or component that spells a path by hand is refused.
import { lintCases } from './lint-text.mjs';

const SPELLED = [
  [
    'a link target',
    'remote-auth/src/routes/Example.tsx',
    'import { Link } from \'react-router-dom\';\nexport const A = () => <Link to="/register">Sign Up</Link>;\n',
  ],
  [
    'a redirect',
    'remote-auth/src/routes/Example.tsx',
    'import { Navigate } from \'react-router-dom\';\nexport const A = () => <Navigate to="/auth" replace />;\n',
  ],
  [
    'a built path',
    'remote-marketplace/src/features/x/components/Example.tsx',
    'export const A = ({ slug }: { slug: string }) => <a href={`/product/${slug}`}>x</a>;\n',
  ],
  [
    'a navigate() argument',
    'remote-seller/src/routes/Example.tsx',
    "export function go(navigate: (to: string) => void) {\n  navigate('/seller/products');\n}\n",
  ],
  [
    'a built navigate() argument',
    'remote-marketplace/src/routes/Example.tsx',
    'export function go(navigate: (to: string) => void, id: string) {\n  navigate(`/product/${id}`);\n}\n',
  ],
  ['a `to:` field', 'shell/src/app/layout/Example.ts', "export const LINKS = [{ label: 'Features', to: '/features' }];\n"],
  [
    'the root',
    'shell/src/app/layout/Example.tsx',
    'import { Link } from \'react-router-dom\';\nexport const A = () => <Link to="/">Home</Link>;\n',
  ],
];

const THROUGH_HREF = [
  "import { Link } from 'react-router-dom';",
  "import { href } from '@campus/shared/federation';",
  "export const A = ({ slug }: { slug: string }) => <><Link to={href('product', { slug })}>x</Link><Link to={`${href('profile')}?tab=orders`}>o</Link></>;",
  '',
].join('\n');

const lint = lintCases([
  ...SPELLED,
  ['href() and a query string', 'remote-cart/src/routes/Example.tsx', THROUGH_HREF],
  ['a path in a test', 'remote-auth/src/routes/Example.test.tsx', "export const url = { to: '/login' };\n"],
]);
const pathProblems = (name) => lint(name).filter((p) => p.ruleId === 'no-restricted-syntax' && p.message.includes('href('));

describe('app paths come from href()', () => {
  it.each(SPELLED)('refuses %s', (what) => {
    expect(pathProblems(what)).not.toEqual([]);
  });

  it('lets href() and a query string after it through', () => {
    expect(pathProblems('href() and a query string')).toEqual([]);
  });

  it('leaves tests free to name paths', () => {
    expect(pathProblems('a path in a test')).toEqual([]);
  });
});
