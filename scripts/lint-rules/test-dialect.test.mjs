// Browser tests speak to the API one way, the kit's endpoint-keyed fakeApi() (docs/architecture.md,
// "Tests: the fake API"): lint refuses mocking a client or a call module, and a second dialect's helpers.
import { lintCases } from './lint-text.mjs';

const refusals = (problems) => problems.filter((p) => p.ruleId === 'no-restricted-syntax');

const API_MOCKS = [
  ["a feature's api/ module", "jest.mock('../features/product/api/get-product', () => ({ getProduct: jest.fn() }));\n"],
  ['the shared caller', "jest.mock('@campus/shared/call');\n"],
  ['the API client', "jest.mock('@campus/shared/api-client', () => ({}));\n"],
  ['axios', "jest.doMock('axios');\n"],
  ['the search client', "jest.mock('../lib/search-client', () => ({ runSearch: jest.fn() }));\n"],
];
const SECOND_DIALECT = [
  ['a local envelope', 'remote-cart/src/test/kit.ts', 'export const envelope = <T,>(data: T) => ({ data });\n'],
  [
    'a method-and-path fake',
    'remote-marketplace/src/test/api.ts',
    'export function mockApi(routes: Record<string, unknown>) {\n  return routes;\n}\n',
  ],
  ['onApi', 'remote-auth/src/test/render.tsx', 'export function onApi(method: string, url: string) {\n  return [method, url];\n}\n'],
  ['a second held reply', 'shell/src/app/Example.test.tsx', 'export function deferred() {\n  return null;\n}\n'],
];
const ENVELOPE = 'export function envelope<T>(data: T) {\n  return { data };\n}\n';
const USES_THE_KIT = [
  "import { cart } from '@campus/shared/endpoints';",
  "import { fakeApi, makeCart } from '@campus/shared/testing';",
  'const api = fakeApi().ok(cart.getCart, makeCart());',
  'export { api };',
  '',
].join('\n');

const lint = lintCases([
  ...API_MOCKS.map(([what, code]) => [`mock of ${what}`, 'remote-marketplace/src/routes/Example.test.tsx', code]),
  [
    'mocks that are not the API',
    'remote-cart/src/features/checkout/components/Example.test.tsx',
    "jest.mock('../lib/leave-page', () => ({ leavePage: jest.fn() }));\njest.mock('uplot');\n",
  ],
  ...SECOND_DIALECT,
  ['the kit', 'shared/src/testing/fake-api.ts', ENVELOPE],
  ['app code', 'shared/src/http-example.ts', ENVELOPE],
  ['a test using the kit', 'remote-cart/src/routes/Example.test.tsx', USES_THE_KIT],
]);

describe('one fake API dialect in browser tests', () => {
  it.each(API_MOCKS)('refuses jest.mock of %s', (what) => {
    expect(refusals(lint(`mock of ${what}`))).toHaveLength(1);
  });

  it('lets a test mock what is not the API (a page leave, a chart library)', () => {
    expect(refusals(lint('mocks that are not the API'))).toEqual([]);
  });

  it.each(SECOND_DIALECT)('refuses %s outside the kit', (what) => {
    expect(refusals(lint(what))).toHaveLength(1);
  });

  it('lets the kit define them, and leaves app code alone', () => {
    expect(refusals(lint('the kit'))).toEqual([]);
    expect(refusals(lint('app code'))).toEqual([]);
  });

  it('lets a test use the kit', () => {
    expect(refusals(lint('a test using the kit'))).toEqual([]);
  });
});
