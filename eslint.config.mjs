// Lint for every workspace. The import-boundary rules are the architecture:
// no remote imports another remote or the shell; `shared` imports no app;
// the API imports only the pure parts of `shared`.
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const APPS = ['shell', 'remote-auth', 'remote-marketplace', 'remote-cart', 'remote-seller', 'api'];
// Chakra reaches apps only through @campus/shared/ui: a direct import would bundle a second,
// unshared Chakra without the shell's provider (architecture brief, "Chakra size").
const CHAKRA_ONLY_VIA_SHARED_UI = [
  { group: ['@chakra-ui/*', '@ark-ui/*'], message: 'Import Chakra components from @campus/shared/ui (add them there if missing).' },
];
// Inside shared, modules that hold page-wide state are imported by package name, never by relative
// path: federation maps only '@campus/shared/...' to the one shared instance, so a relative import
// from a copy served by a remote's container would get a private, never-initialised copy
// (seen: the API client reading an unloaded runtime configuration).
const STATEFUL_MODULES = ['runtime-config', 'api-client', 'auth-redirect', 'event-bus', 'session-store'];
const STATEFUL_BY_PACKAGE_NAME = [
  {
    group: STATEFUL_MODULES.flatMap((m) => [`./${m}`, `../browser/${m}`, `../../browser/${m}`]).concat(['../ui', '../../ui']),
    message: 'Import this page-wide module as @campus/shared/<name> so federation gives every app the same instance.',
  },
];
// The pure half of @campus/shared (no browser API, no React): the only part the API may import.
const PURE_SHARED = ['constants', 'messages', 'money', 'email', 'schemas', 'types', 'http', 'events', 'endpoints', 'federation'];
const NOT_PURE_SHARED = `^@campus/shared(?!/(${PURE_SHARED.join('|')})$)`;
const BROWSER_WORKSPACES = ['shell', 'remote-auth', 'remote-marketplace', 'remote-cart', 'remote-seller'];
// Every API call goes through the endpoint contract (`call(endpoint, input)`): no hand-written
// path, no unchecked answer cast. Only the caller itself and the test kit touch the axios instance.
const CALLS_THROUGH_CONTRACT = [
  { name: '@campus/shared/api-client', importNames: ['apiClient', 'createApiClient'], message: 'Call the API with call(endpoint, input) from @campus/shared/call.' },
  { name: 'axios', message: 'Call the API with call(endpoint, input) from @campus/shared/call.' },
];

// An app path is written one way: href(screen, params) from @campus/shared/federation, built
// from the contract's screens, so a renamed path or a missing param fails to type-check.
// A string or template starting with '/' as a link target, a navigate() argument or a
// `to:`/`href:` field is a hand-written path. ('\u002F' is '/': selector regexes cannot hold one.)
const PATH_LITERAL_MESSAGE = "Write app paths with href(screen, params) from '@campus/shared/federation'.";
const STARTS_WITH_SLASH = '/^\\u002F/';
const NO_PATH_LITERALS = [
  ...[
    `JSXAttribute[name.name=/^(to|href|sellerHref)$/] Literal[value=${STARTS_WITH_SLASH}]`,
    `JSXAttribute[name.name=/^(to|href|sellerHref)$/] TemplateLiteral > TemplateElement:first-child[value.raw=${STARTS_WITH_SLASH}]`,
    `Property[key.name=/^(to|href|path)$/] > Literal[value=${STARTS_WITH_SLASH}]`,
    `Property[key.name=/^(to|href|path)$/] > TemplateLiteral > TemplateElement:first-child[value.raw=${STARTS_WITH_SLASH}]`,
    `CallExpression[callee.name=/^(navigate|redirect)$/] > Literal[value=${STARTS_WITH_SLASH}]`,
    `CallExpression[callee.name=/^(navigate|redirect)$/] > TemplateLiteral > TemplateElement:first-child[value.raw=${STARTS_WITH_SLASH}]`,
  ].map((selector) => ({ selector, message: PATH_LITERAL_MESSAGE })),
];
// A query key is named by the one factory per domain (`queryKeys` in @campus/shared/query-keys):
// an array literal as a key elsewhere is a second spelling that an invalidation would miss.
const QUERY_KEY_MESSAGE = "Name query keys with queryKeys from '@campus/shared/query-keys' (add the key there).";
const NO_LITERAL_QUERY_KEYS = [
  'Property[key.name="queryKey"] > ArrayExpression',
  'CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState)$/] > ArrayExpression',
].map((selector) => ({ selector, message: QUERY_KEY_MESSAGE }));
const SCREEN_CODE = ['shell/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}', 'shared/src/product-ui/**/*.{ts,tsx}'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/** Patterns that forbid importing the given apps, by package name or by relative path. */
function forbidApps(apps, why) {
  return apps.flatMap((app) => [
    { group: [`@campus/${app}`, `@campus/${app}/*`], message: why },
    // Relative reach into another app's folder from the repo root (a feature folder named `api/` stays allowed).
    { group: [`**/../${app}/src/**`, `**/../${app}/src`], message: why },
  ]);
}

function boundary(files, forbidden, why, extra = [], paths = []) {
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [...forbidApps(forbidden, why), ...extra], paths }] },
  };
}

/** Inside a workspace, one feature never imports another: a screen in src/routes composes them. */
function featureZones(workspace) {
  const dir = `${workspace}/src/features`;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${dir}/${name}`,
      from: `./${dir}`,
      except: [`./${name}`],
      message: 'Features do not import each other: a screen in src/routes composes them; common code goes in src/components, src/lib or @campus/shared.',
    }));
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/playwright-report/**', '**/test-results/**', '**/*.cjs', '**/*.mjs', '**/*.js', 'api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are TypeScript too: parse them to follow their imports.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      // Zero import cycles anywhere (dynamic imports count too: a cycle is a cycle).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...BROWSER_WORKSPACES, 'api'].flatMap(featureZones) }],
    },
  },
  boundary(['shared/**'], APPS, '`shared` is the contract: it must not import any app.', STATEFUL_BY_PACKAGE_NAME, CALLS_THROUGH_CONTRACT),
  // The pure half of shared imports nothing of the browser half (the API loads it).
  {
    files: ['shared/src/*.ts', 'shared/src/schemas/**', 'shared/src/types/**', 'shared/src/endpoints/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['./browser/*', '../browser/*', './ui', './ui/*', '../ui', '../ui/*', './testing', '../testing'], message: 'The pure half of @campus/shared must not import its browser half.' },
            { regex: NOT_PURE_SHARED, message: 'The pure half of @campus/shared must not import its browser half.' },
            { group: ['react', 'react-dom', 'react-router-dom', 'axios', 'zustand', '@tanstack/*', '@chakra-ui/*'], message: 'The pure half of @campus/shared runs in the API too: no browser libraries.' },
          ],
        },
      ],
    },
  },
  // The caller and the API client itself, and the test kit that fakes the network.
  boundary(['shared/src/browser/call.ts', 'shared/src/browser/api-client.ts'], APPS, '`shared` is the contract: it must not import any app.', STATEFUL_BY_PACKAGE_NAME),
  // Tests run in one jest module registry, where a relative import is the same instance.
  boundary(['shared/**/*.test.ts', 'shared/**/*.test.tsx', 'shared/src/testing/**'], APPS, '`shared` is the contract: it must not import any app.'),
  ...['remote-auth', 'remote-marketplace', 'remote-cart', 'remote-seller'].map((remote) =>
    boundary(
      [`${remote}/**`],
      APPS.filter((a) => a !== remote),
      'A remote must not import the shell, the API or another remote: talk through @campus/shared (API client, event bus).',
      CHAKRA_ONLY_VIA_SHARED_UI,
      CALLS_THROUGH_CONTRACT,
    ),
  ),
  boundary(
    ['shell/**'],
    APPS.filter((a) => a !== 'shell'),
    'The shell loads remotes at run time (loadRemote), never by import.',
    CHAKRA_ONLY_VIA_SHARED_UI,
    CALLS_THROUGH_CONTRACT,
  ),
  boundary(
    ['api/**'],
    APPS.filter((a) => a !== 'api'),
    'The API must not import a browser app.',
    [{ regex: NOT_PURE_SHARED, message: `The API imports only the pure half of @campus/shared: ${PURE_SHARED.join(', ')}.` }],
  ),
  // The API's layers (docs/architecture.md, "The API by domain"): SQL lives in each domain's
  // repository.ts; services hold the rules; routes speak HTTP and call a service, or a
  // repository directly where there is no rule to hold (a plain read).
  {
    files: ['api/src/**/routes.ts', 'api/src/routes.ts', 'api/src/http/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes speak HTTP: queries belong in the domain\'s repository.ts.' },
            { group: ['**/db/*', '**/db/schema/*', '!**/db/schema'], message: 'Routes speak HTTP: tables belong to the domain\'s repository.ts.' },
            { group: ['**/db/schema'], allowTypeImports: true, message: 'Routes speak HTTP: only row types may be imported from the schema.' },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/**/service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Services hold the rules: queries belong in a repository.ts.' },
            { group: ['**/db/schema', '**/db/schema/*'], allowTypeImports: true, message: 'Services read and write through repositories; only row types may be imported.' },
          ],
        },
      ],
    },
  },
  // One block per file set: a later no-restricted-syntax would replace, not add to, an earlier one.
  { files: SCREEN_CODE, ignores: TESTS, rules: { 'no-restricted-syntax': ['error', ...NO_PATH_LITERALS, ...NO_LITERAL_QUERY_KEYS] } },
  { files: ['shared/src/browser/**/*.{ts,tsx}'], ignores: [...TESTS, 'shared/src/browser/query-keys.ts'], rules: { 'no-restricted-syntax': ['error', ...NO_LITERAL_QUERY_KEYS] } },
  // A screen takes its data from its features' api/ hooks (query options, hooks and mutations
  // live in src/features/<feature>/api/). Its own rule name, so the import boundaries above stay.
  {
    files: ['shell/src/routes/**/*.{ts,tsx}', 'remote-*/src/routes/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@tanstack/react-query', message: "Screens read and change server data through a feature's api/ hooks (src/features/<feature>/api/).", allowTypeImports: true }] },
      ],
    },
  },
  boundary(['e2e/**'], APPS, 'Journeys drive the running product through the browser; they do not import app code.'),
);
