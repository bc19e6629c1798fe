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

// Comments and test names state the rule or the reason, never the ticket it came from
// ("issue 10", "issue #10", "#10", "ticket 10"): a reader cannot open the ticket, and the rule is what they need.
const TICKET_CITATION = /\b(?:issues?|tickets?|bugs?|PR|pull request)\s*#?\d+|(?:^|[\s([])#\d+\b(?![\w-])/i;
const TEST_CALLS = new Set(['describe', 'it', 'test']);
/** The text of a test's name when `node` is `describe|it|test[.each|.only|.skip...](name, ...)`, else null. */
function testName(node) {
  const callee = node.callee.type === 'MemberExpression' ? node.callee.object : node.callee;
  if (callee.type !== 'Identifier' || !TEST_CALLS.has(callee.name)) return null;
  const [first] = node.arguments;
  if (first?.type === 'Literal' && typeof first.value === 'string') return first.value;
  if (first?.type === 'TemplateLiteral') return first.quasis.map((q) => q.value.cooked ?? '').join(' ');
  return null;
}
const campusPlugin = {
  rules: {
    'no-ticket-citations': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: {
          comment: 'This comment cites "{{ticket}}": state the rule or the reason instead (a reader cannot open the ticket).',
          testName: 'This test name cites "{{ticket}}": say what the test checks instead.',
        },
      },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              const found = TICKET_CITATION.exec(comment.value);
              if (found) context.report({ loc: comment.loc, messageId: 'comment', data: { ticket: found[0].trim() } });
            }
          },
          CallExpression(node) {
            const found = TICKET_CITATION.exec(testName(node) ?? '');
            if (found) context.report({ node: node.arguments[0], messageId: 'testName', data: { ticket: found[0].trim() } });
          },
        };
      },
    },
  },
};

/** Money throws DomainErrors (api/src/lib/domain-errors.ts); the errors plugin alone maps them to HTTP. */
const MONEY_NO_HTTP_ERRORS = { group: ['**/http/errors'], message: 'The money domain throws DomainErrors (lib/domain-errors.ts); plugins/errors.ts maps them to HTTP.' };
/** In the money domain only *repository.ts files (and these row primitives every money transaction calls) use drizzle and the tables. */
const MONEY_ROW_MODULES = ['api/src/money/payments/ledger.ts', 'api/src/money/payments/outbox.ts', 'api/src/money/payments/buyer-holds.ts', 'api/src/money/payments/payout-destination.ts'];
const MONEY_LAYER_PATTERNS = [
  { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Money: services hold the rules and routes speak HTTP; queries belong in a *repository.ts.' },
  { group: ['**/db/schema', '**/db/schema/*'], allowTypeImports: true, message: 'Money: tables belong to a *repository.ts; only row types may be imported here.' },
  MONEY_NO_HTTP_ERRORS,
];
/** Inside money, one way: payments ← orders ← disputes (an arrow points at what a folder may import). */
const MONEY_ONE_WAY = [
  { target: './api/src/money/payments', from: ['./api/src/money/orders', './api/src/money/disputes'], message: 'Money is one-way: payments ← orders ← disputes; payments imports neither.' },
  { target: './api/src/money/orders', from: './api/src/money/disputes', message: 'Money is one-way: payments ← orders ← disputes; orders does not import disputes.' },
];
/** Other parts of the API reach the money domain only through api/src/money/index.ts. */
const MONEY_ONLY_THROUGH_INDEX = {
  target: ['./api/src/!(money)/**', './api/src/*.ts'],
  from: './api/src/money',
  except: ['./index.ts'],
  message: 'Reach the money domain through api/src/money/index.ts.',
};

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
  { plugins: { campus: campusPlugin }, rules: { 'campus/no-ticket-citations': 'error' } },
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
      'import-x/no-restricted-paths': ['error', { zones: [...[...BROWSER_WORKSPACES, 'api'].flatMap(featureZones), MONEY_ONLY_THROUGH_INDEX, ...MONEY_ONE_WAY] }],
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
  // The money domain (docs/architecture.md, "The money domain"): only *repository.ts touches
  // drizzle and the tables; nothing in it speaks HTTP (DomainErrors, mapped by plugins/errors.ts).
  {
    files: ['api/src/money/**/*.ts'],
    ignores: ['api/src/money/**/*repository.ts', ...MONEY_ROW_MODULES],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: MONEY_LAYER_PATTERNS }] },
  },
  {
    files: ['api/src/money/**/*repository.ts', ...MONEY_ROW_MODULES],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [MONEY_NO_HTTP_ERRORS] }] },
  },
  boundary(['e2e/**'], APPS, 'Journeys drive the running product through the browser; they do not import app code.'),
);
