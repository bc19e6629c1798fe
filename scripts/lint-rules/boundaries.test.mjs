// The import boundaries of the design card: no remote imports another remote or the
// shell, and `shared` imports no app.
import { lintAs } from './lint-text.mjs';

describe('import boundaries', () => {
  it('refuses a remote importing another remote', () => {
    const problems = lintAs(
      'remote-cart/src/routes/Example.tsx',
      "import { x } from '@campus/remote-seller/src/x';\nexport const y = x;\n",
    );
    expect(problems.some((p) => p.ruleId === 'no-restricted-imports')).toBe(true);
  });

  it('refuses `shared` importing an app', () => {
    const problems = lintAs('shared/src/product-ui/Example.tsx', "import { x } from '@campus/shell/src/x';\nexport const y = x;\n");
    expect(problems.some((p) => p.ruleId === 'no-restricted-imports')).toBe(true);
  });

  it('lets a remote import the shared contract', () => {
    const problems = lintAs(
      'remote-cart/src/routes/Example.tsx',
      "import { MESSAGES } from '@campus/shared/messages';\nexport const y = MESSAGES;\n",
    );
    expect(problems.filter((p) => p.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});
