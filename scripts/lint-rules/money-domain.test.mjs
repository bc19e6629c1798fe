// The money domain's layers (docs/architecture.md, "The money domain"): only *repository.ts
// files use drizzle and the tables, nothing in money imports the HTTP errors, and the rest
// of the API reaches money only through api/src/money/index.ts.
import { lintCases } from './lint-text.mjs';

const restricted = (problems) => problems.filter((p) => p.ruleId === '@typescript-eslint/no-restricted-imports');

const RULE_MODULES = [
  'api/src/money/payments/ledger.ts',
  'api/src/money/payments/outbox.ts',
  'api/src/money/payments/payout-destination.ts',
];

const lint = lintCases([
  [
    'drizzle in a service',
    'api/src/money/orders/service.ts',
    "import { eq } from 'drizzle-orm';\nimport { orders } from '../../db/schema';\nexport const byId = (id: string) => eq(orders.id, id);\n",
  ],
  [
    'row types in a service',
    'api/src/money/orders/service.ts',
    "import type { OrderRow } from '../../db/schema';\nexport const code = (row: OrderRow) => row.orderCode;\n",
  ],
  ...RULE_MODULES.map((path) => [
    path,
    path,
    "import { eq } from 'drizzle-orm';\nimport { ledgerEntries } from '../../db/schema';\nexport const byKind = (kind: string) => eq(ledgerEntries.kind, kind);\n",
  ]),
  [
    'http errors in a repository',
    'api/src/money/payments/payout-repository.ts',
    "import { notFound } from '../../http/errors';\nexport const missing = () => notFound('No such payout');\n",
  ],
  [
    'drizzle and domain errors in a repository',
    'api/src/money/payments/payout-repository.ts',
    "import { eq } from 'drizzle-orm';\nimport { payouts } from '../../db/schema';\nimport { notFound } from '../../lib/domain-errors';\nexport const byId = (id: string) => eq(payouts.id, id);\nexport const missing = () => notFound('No such payout');\n",
  ],
  [
    'payments imports orders',
    'api/src/money/payments/example.ts',
    "import { lockOrder } from '../orders/service';\nexport const x = lockOrder;\n",
  ],
  [
    'orders imports disputes',
    'api/src/money/orders/example.ts',
    "import { openDispute } from '../disputes/service';\nexport const x = openDispute;\n",
  ],
  [
    'disputes imports orders and payments',
    'api/src/money/disputes/example.ts',
    "import { lockOrder } from '../orders/service';\nimport { queueEmail } from '../payments/outbox';\nexport const x = [lockOrder, queueEmail];\n",
  ],
  [
    'sellers reaches into money',
    'api/src/sellers/example.ts',
    "import { storeBalances } from '../money/payments/ledger';\nexport const x = storeBalances;\n",
  ],
  [
    'sellers imports money/index.ts',
    'api/src/sellers/example.ts',
    "import { PaystackError } from '../money';\nexport const x = PaystackError;\n",
  ],
]);

describe('the money domain', () => {
  it('refuses drizzle and a table in a money service', () => {
    const problems = lint('drizzle in a service');
    expect(restricted(problems)).toHaveLength(2);
  });

  it('lets a money service import row types only', () => {
    const problems = lint('row types in a service');
    expect(restricted(problems)).toEqual([]);
  });

  it('refuses drizzle and a table in the ledger, outbox and payout-destination rule modules (their rows are repositories)', () => {
    for (const path of RULE_MODULES) {
      const problems = lint(path);
      expect(restricted(problems)).toHaveLength(2);
    }
  });

  it('refuses ../http/errors in a money repository', () => {
    const problems = lint('http errors in a repository');
    expect(
      restricted(problems)
        .map((p) => p.message)
        .join('\n'),
    ).toMatch(/DomainErrors/);
  });

  it('lets a money repository use drizzle, the tables and domain errors', () => {
    const problems = lint('drizzle and domain errors in a repository');
    expect(restricted(problems)).toEqual([]);
  });

  it('keeps the money folders one-way: payments imports no orders, orders no disputes; disputes may import both', () => {
    const back = lint('payments imports orders');
    expect(back.some((p) => p.ruleId === 'import-x/no-restricted-paths')).toBe(true);
    const up = lint('orders imports disputes');
    expect(up.some((p) => p.ruleId === 'import-x/no-restricted-paths')).toBe(true);
    const down = lint('disputes imports orders and payments');
    expect(down.filter((p) => p.ruleId === 'import-x/no-restricted-paths')).toEqual([]);
  });

  it('refuses another domain reaching into a money folder, and lets it use money/index.ts', () => {
    const deep = lint('sellers reaches into money');
    expect(deep.some((p) => p.ruleId === 'import-x/no-restricted-paths')).toBe(true);
    const front = lint('sellers imports money/index.ts');
    expect(front.filter((p) => p.ruleId === 'import-x/no-restricted-paths')).toEqual([]);
  });
});
