// Forms have one way: the kit in @campus/shared/form holds a form's values (react-hook-form checked by
// the contract's zod schema), and call() builds a multipart body from typed fields and files.
import { lintAs } from './lint-text.mjs';

const ruleIds = (problems) => problems.map((p) => p.ruleId);

describe('the form kit is the one way', () => {
  it('refuses react-hook-form (and its zod resolver) outside the kit', () => {
    const bad =
      "import { useForm } from 'react-hook-form';\nimport { zodResolver } from '@hookform/resolvers/zod';\nexport const x = [useForm, zodResolver];\n";
    const problems = lintAs('remote-seller/src/features/settings/components/Example.tsx', bad);
    expect(ruleIds(problems).filter((id) => id === '@typescript-eslint/no-restricted-imports')).toHaveLength(2);
    expect(ruleIds(lintAs('shell/src/app/Example.tsx', bad))).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('lets the kit itself use react-hook-form, and screens use the kit', () => {
    const kit = lintAs('shared/src/form/example.ts', "import { useForm } from 'react-hook-form';\nexport const x = useForm;\n");
    expect(ruleIds(kit)).not.toContain('@typescript-eslint/no-restricted-imports');
    const screen = lintAs(
      'remote-auth/src/routes/Example.tsx',
      "import { useContractForm } from '@campus/shared/form';\nexport const x = useContractForm;\n",
    );
    expect(screen.filter((p) => p.ruleId?.includes('no-restricted'))).toEqual([]);
  });

  it('refuses a hand-built multipart body anywhere but call()', () => {
    const bad = "export function body(text: string) {\n  const form = new FormData();\n  form.append('text', text);\n  return form;\n}\n";
    expect(ruleIds(lintAs('remote-seller/src/features/orders/api/example.ts', bad))).toContain('no-restricted-syntax');
    expect(ruleIds(lintAs('remote-auth/src/routes/Example.tsx', bad))).toContain('no-restricted-syntax');
    expect(ruleIds(lintAs('shared/src/browser/call.ts', bad))).not.toContain('no-restricted-syntax');
  });

  it("refuses safeParse in a remote's screens and components, not in its lib or api code", () => {
    const bad =
      "import { pickupDetailsSchema } from '@campus/shared/schemas';\nexport const check = (v: unknown) => pickupDetailsSchema.safeParse(v).success;\n";
    expect(ruleIds(lintAs('remote-cart/src/features/checkout/components/Example.tsx', bad))).toContain('no-restricted-syntax');
    expect(ruleIds(lintAs('remote-seller/src/routes/Example.tsx', bad))).toContain('no-restricted-syntax');
    expect(ruleIds(lintAs('remote-cart/src/features/checkout/lib/example.ts', bad))).not.toContain('no-restricted-syntax');
  });
});
