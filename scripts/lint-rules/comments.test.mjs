// Comments and test names state the rule or the reason, never the ticket they came from.
import { lintCases } from './lint-text.mjs';

const RULE = 'campus/no-ticket-citations';
const cited = (problems) => problems.filter((p) => p.ruleId === RULE);

const CITING = [
  ['a line comment citing "issue 10"', 'api/src/plugins/example.ts', '// Counted in the database (issue 10).\nexport const x = 1;\n'],
  [
    'a doc comment citing "Issue #14"',
    'shared/src/example.ts',
    '/**\n * Drawn before any script runs (Issue #14).\n */\nexport const x = 1;\n',
  ],
  [
    'a comment citing a bare "#12"',
    'remote-cart/src/lib/example.ts',
    '// Out-of-stock lines leave the total (see #12).\nexport const x = 1;\n',
  ],
  [
    'a JSX comment citing "issue 14"',
    'remote-marketplace/src/routes/Example.tsx',
    'export const X = () => (\n  <div>\n    {/* no layout shift, issue 14 */}\n  </div>\n);\n',
  ],
  [
    'a test name citing "issue 11"',
    'api/test/orders/example.test.ts',
    "describe('order status moves (issue 11)', () => {\n  it('works', () => undefined);\n});\n",
  ],
  [
    'a test name in a template citing "issue 9"',
    'shell/src/app/example.test.ts',
    'it.skip(`signs in with one request (issue 9)`, () => undefined);\n',
  ],
];

const STATING = [
  '// Every attempt counts, right or wrong, before the (slow) check (spec section 4; WCAG 2.4.2).',
  '/** Lists 2 issues at most, from algoliasearch v5 (10,000 products; p95 at most 15 ms). */',
  "describe('the coarse per-address limit on every route', () => {",
  "  it('answers 429 after 5 requests', () => undefined);",
  '});',
  "export const color = '#418';",
  '',
].join('\n');

const lint = lintCases([...CITING, ['stating the rule', 'api/test/example.test.ts', STATING]]);

describe('comments and test names that cite a ticket', () => {
  it.each(CITING)('refuses %s', (what) => {
    expect(cited(lint(what))).toHaveLength(1);
  });

  it('lets a comment that states the rule through, and numbers that are not tickets', () => {
    expect(cited(lint('stating the rule'))).toEqual([]);
  });
});
