// The import boundaries of the design card: no remote imports another remote or the
// shell, and `shared` imports no app.
import { lintCases } from './lint-text.mjs';

const lint = lintCases([
  [
    'a remote importing a remote',
    'remote-cart/src/routes/Example.tsx',
    "import { x } from '@campus/remote-seller/src/x';\nexport const y = x;\n",
  ],
  ['shared importing an app', 'shared/src/product-ui/Example.tsx', "import { x } from '@campus/shell/src/x';\nexport const y = x;\n"],
  [
    'a remote importing the contract',
    'remote-cart/src/routes/Example.tsx',
    "import { MESSAGES } from '@campus/shared/messages';\nexport const y = MESSAGES;\n",
  ],
]);

describe('import boundaries', () => {
  it('refuses a remote importing another remote', () => {
    const problems = lint('a remote importing a remote');
    expect(problems.some((p) => p.ruleId === 'no-restricted-imports')).toBe(true);
  });

  it('refuses `shared` importing an app', () => {
    const problems = lint('shared importing an app');
    expect(problems.some((p) => p.ruleId === 'no-restricted-imports')).toBe(true);
  });

  it('lets a remote import the shared contract', () => {
    const problems = lint('a remote importing the contract');
    expect(problems.filter((p) => p.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});
