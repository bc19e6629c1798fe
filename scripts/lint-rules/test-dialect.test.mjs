// Browser tests speak to the API one way, the kit's endpoint-keyed fakeApi() (docs/architecture.md,
// "Tests: the fake API"): lint refuses mocking a client or a call module, and a second dialect's helpers.
import { lintAs } from './lint-text.mjs';

const refusals = (problems) => problems.filter((p) => p.ruleId === 'no-restricted-syntax');

describe('one fake API dialect in browser tests', () => {
  it.each([
    ["a feature's api/ module", "jest.mock('../features/product/api/get-product', () => ({ getProduct: jest.fn() }));\n"],
    ['the shared caller', "jest.mock('@campus/shared/call');\n"],
    ['the API client', "jest.mock('@campus/shared/api-client', () => ({}));\n"],
    ['axios', "jest.doMock('axios');\n"],
    ['the search client', "jest.mock('../lib/search-client', () => ({ runSearch: jest.fn() }));\n"],
  ])('refuses jest.mock of %s', (_, code) => {
    expect(refusals(lintAs('remote-marketplace/src/routes/Example.test.tsx', code))).toHaveLength(1);
  });

  it('lets a test mock what is not the API (a page leave, a chart library)', () => {
    const code = "jest.mock('../lib/leave-page', () => ({ leavePage: jest.fn() }));\njest.mock('uplot');\n";
    expect(refusals(lintAs('remote-cart/src/features/checkout/components/Example.test.tsx', code))).toEqual([]);
  });

  it.each([
    ['a local envelope', 'remote-cart/src/test/kit.ts', 'export const envelope = <T,>(data: T) => ({ data });\n'],
    [
      'a method-and-path fake',
      'remote-marketplace/src/test/api.ts',
      'export function mockApi(routes: Record<string, unknown>) {\n  return routes;\n}\n',
    ],
    ['onApi', 'remote-auth/src/test/render.tsx', 'export function onApi(method: string, url: string) {\n  return [method, url];\n}\n'],
    ['a second held reply', 'shell/src/app/Example.test.tsx', 'export function deferred() {\n  return null;\n}\n'],
  ])('refuses %s outside the kit', (_, path, code) => {
    expect(refusals(lintAs(path, code))).toHaveLength(1);
  });

  it('lets the kit define them, and leaves app code alone', () => {
    const code = 'export function envelope<T>(data: T) {\n  return { data };\n}\n';
    expect(refusals(lintAs('shared/src/testing/fake-api.ts', code))).toEqual([]);
    expect(refusals(lintAs('shared/src/http-example.ts', code))).toEqual([]);
  });

  it('lets a test use the kit', () => {
    const code = [
      "import { cart } from '@campus/shared/endpoints';",
      "import { fakeApi, makeCart } from '@campus/shared/testing';",
      'const api = fakeApi().ok(cart.getCart, makeCart());',
      'export { api };',
      '',
    ].join('\n');
    expect(refusals(lintAs('remote-cart/src/routes/Example.test.tsx', code))).toEqual([]);
  });
});
