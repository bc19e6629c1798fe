// The API's domain rules (docs/api.md, "API domains"): only repositories touch the
// tables, a domain reaches another only through its index.ts, and no two domain folders
// depend on each other.
import fs from 'node:fs';
import path from 'node:path';
import { findPath } from './api-domains.mjs';
import { lintCases } from './lint-text.mjs';

const ruleIds = (problems) => problems.map((p) => p.ruleId);

const lint = lintCases([
  [
    'drizzle outside a repository',
    'api/src/sellers/ownership.ts',
    "import { eq } from 'drizzle-orm';\nimport { sellers } from '../db/schema';\nexport const bySeller = (id: string) => eq(sellers.id, id);\n",
  ],
  ['a table in a plugin', 'api/src/platform/housekeeping.ts', "import { sessions } from '../db/schema';\nexport const t = sessions;\n"],
  [
    'drizzle in a repository',
    'api/src/sellers/repository.ts',
    "import { eq } from 'drizzle-orm';\nimport { sellers } from '../db/schema';\nexport const bySeller = (id: string) => eq(sellers.id, id);\n",
  ],
  ['row types', 'api/src/sellers/ownership.ts', "import type { SellerRow } from '../db/schema';\nexport type Row = SellerRow;\n"],
  [
    'past the index.ts',
    'api/src/wishlist/routes.ts',
    "import { findProductRow } from '../products/repository';\nexport const f = findProductRow;\n",
  ],
  ['the app importing a wiring', 'api/src/app.ts', "import { cartRoutes } from './cart/wiring';\nexport const r = cartRoutes;\n"],
  ['the route map importing a wiring', 'api/src/routes.ts', "import { cartRoutes } from './cart/wiring';\nexport const r = cartRoutes;\n"],
  [
    'through the index.ts',
    'api/src/wishlist/routes.ts',
    "import { findProductRow } from '../products';\nimport { wishlistProductIds } from './repository';\nexport const f = [findProductRow, wishlistProductIds];\n",
  ],
  [
    'accounts imports sellers',
    'api/src/accounts/routes.ts',
    "import { catalogueUserExtras } from '../sellers';\nexport const f = catalogueUserExtras;\n",
  ],
  [
    'search imports catalogue',
    'api/src/search/reindex.ts',
    "import type { SearchSync } from '../catalogue';\nexport type S = SearchSync;\n",
  ],
  [
    'sellers imports money',
    'api/src/sellers/bank-accounts.ts',
    "import { paystackBankAccounts } from '../money';\nexport const f = paystackBankAccounts;\n",
  ],
  [
    'sellers imports accounts',
    'api/src/sellers/service.ts',
    "import { findUserById } from '../accounts';\nexport const f = findUserById;\n",
  ],
]);

describe('API domains: tables only in repositories', () => {
  it('refuses drizzle-orm in a file that is not a repository', () => {
    const problems = lint('drizzle outside a repository');
    expect(ruleIds(problems)).toContain('@typescript-eslint/no-restricted-imports');
    expect(problems.filter((p) => p.ruleId === '@typescript-eslint/no-restricted-imports')).toHaveLength(2);
  });

  it('refuses a table imported into a plugin (logic that moved out of a routes.ts or service.ts)', () => {
    const problems = lint('a table in a plugin');
    expect(ruleIds(problems)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('lets a repository query, and any file import row types', () => {
    const repository = lint('drizzle in a repository');
    expect(ruleIds(repository)).not.toContain('@typescript-eslint/no-restricted-imports');
    const types = lint('row types');
    expect(ruleIds(types)).not.toContain('@typescript-eslint/no-restricted-imports');
  });
});

describe('API domains: another domain only through its index.ts', () => {
  it('refuses reaching into another domain past its index.ts', () => {
    const problems = lint('past the index.ts');
    expect(ruleIds(problems)).toContain('import-x/no-restricted-paths');
  });

  it("lets a domain import another's index.ts, and its own files", () => {
    const problems = lint('through the index.ts');
    expect(ruleIds(problems)).not.toContain('import-x/no-restricted-paths');
  });
});

describe("API domains: a domain's wiring only in the route map", () => {
  it('refuses any file but api/src/routes.ts importing a wiring.ts (routes and plugins)', () => {
    expect(
      lint('the app importing a wiring')
        .map((p) => p.message)
        .join('\n'),
    ).toMatch(/route map \(api\/src\/routes.ts\) alone/);
  });

  it('lets the route map import it', () => {
    expect(fs.existsSync(path.join(__dirname, '../../api/src/cart/wiring.ts'))).toBe(true);
    expect(ruleIds(lint('the route map importing a wiring'))).not.toContain('import-x/no-restricted-paths');
  });
});

describe('API domains: no cycle between domain folders', () => {
  it('refuses accounts importing sellers (sellers already import accounts)', () => {
    const problems = lint('accounts imports sellers');
    const cycle = problems.find((p) => p.ruleId === 'api-domains/no-domain-cycle');
    expect(cycle?.message).toMatch(/'accounts' imports 'sellers', but 'sellers' already depends on 'accounts'/);
  });

  it('refuses search importing catalogue, even a type (catalogue keeps the index in step through search)', () => {
    const problems = lint('search imports catalogue');
    expect(ruleIds(problems)).toContain('api-domains/no-domain-cycle');
  });

  it("refuses sellers importing money (money answers the sellers' payout-account port, and its routes use the sellers')", () => {
    const problems = lint('sellers imports money');
    expect(ruleIds(problems)).toContain('api-domains/no-domain-cycle');
  });

  it('lets the dependency run one way', () => {
    const problems = lint('sellers imports accounts');
    expect(ruleIds(problems)).not.toContain('api-domains/no-domain-cycle');
  });

  it('finds a loop through several domains, not only a pair', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['c', 'b/x.ts']])],
      ['c', new Map([['d', 'c/x.ts']])],
    ]);
    expect(findPath(graph, 'a', 'd')).toEqual(['a', 'b', 'c', 'd']);
    expect(findPath(graph, 'd', 'a')).toBeNull();
  });
});
