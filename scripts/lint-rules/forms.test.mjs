// Forms have one way: the kit in @campus/shared/form holds a form's values (react-hook-form checked by
// the contract's zod schema), and call() builds a multipart body from typed fields and files.
import { lintCases } from './lint-text.mjs';

const ruleIds = (problems) => problems.map((p) => p.ruleId);

const HOOK_FORM =
  "import { useForm } from 'react-hook-form';\nimport { zodResolver } from '@hookform/resolvers/zod';\nexport const x = [useForm, zodResolver];\n";
const MULTIPART = "export function body(text: string) {\n  const form = new FormData();\n  form.append('text', text);\n  return form;\n}\n";
const SAFE_PARSE =
  "import { pickupDetailsSchema } from '@campus/shared/schemas';\nexport const check = (v: unknown) => pickupDetailsSchema.safeParse(v).success;\n";

const lint = lintCases([
  ['react-hook-form in a component', 'remote-seller/src/features/settings/components/Example.tsx', HOOK_FORM],
  ['react-hook-form in the shell', 'shell/src/app/Example.tsx', HOOK_FORM],
  ['react-hook-form in the kit', 'shared/src/form/example.ts', "import { useForm } from 'react-hook-form';\nexport const x = useForm;\n"],
  [
    'a screen using the kit',
    'remote-auth/src/routes/Example.tsx',
    "import { useContractForm } from '@campus/shared/form';\nexport const x = useContractForm;\n",
  ],
  ['multipart in an api module', 'remote-seller/src/features/orders/api/example.ts', MULTIPART],
  ['multipart in a screen', 'remote-auth/src/routes/Example.tsx', MULTIPART],
  ['multipart in call()', 'shared/src/browser/call.ts', MULTIPART],
  ['safeParse in a component', 'remote-cart/src/features/checkout/components/Example.tsx', SAFE_PARSE],
  ['safeParse in a screen', 'remote-seller/src/routes/Example.tsx', SAFE_PARSE],
  ['safeParse in lib', 'remote-cart/src/features/checkout/lib/example.ts', SAFE_PARSE],
]);

describe('the form kit is the one way', () => {
  it('refuses react-hook-form (and its zod resolver) outside the kit', () => {
    const problems = lint('react-hook-form in a component');
    expect(ruleIds(problems).filter((id) => id === '@typescript-eslint/no-restricted-imports')).toHaveLength(2);
    expect(ruleIds(lint('react-hook-form in the shell'))).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('lets the kit itself use react-hook-form, and screens use the kit', () => {
    const kit = lint('react-hook-form in the kit');
    expect(ruleIds(kit)).not.toContain('@typescript-eslint/no-restricted-imports');
    const screen = lint('a screen using the kit');
    expect(screen.filter((p) => p.ruleId?.includes('no-restricted'))).toEqual([]);
  });

  it('refuses a hand-built multipart body anywhere but call()', () => {
    expect(ruleIds(lint('multipart in an api module'))).toContain('no-restricted-syntax');
    expect(ruleIds(lint('multipart in a screen'))).toContain('no-restricted-syntax');
    expect(ruleIds(lint('multipart in call()'))).not.toContain('no-restricted-syntax');
  });

  it("refuses safeParse in a remote's screens and components, not in its lib or api code", () => {
    expect(ruleIds(lint('safeParse in a component'))).toContain('no-restricted-syntax');
    expect(ruleIds(lint('safeParse in a screen'))).toContain('no-restricted-syntax');
    expect(ruleIds(lint('safeParse in lib'))).not.toContain('no-restricted-syntax');
  });
});
