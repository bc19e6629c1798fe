// Lint for every workspace. The import-boundary rules are the architecture:
// no remote imports another remote or the shell; `shared` imports no app;
// the API imports only the pure parts of `shared`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import apiDomains from './scripts/lint-rules/api-domains.mjs';

// The workspaces come from the one list of what the product is made of (tooling/product.cjs), so a
// remote is covered by every rule below the day it is added there.
const PRODUCT = createRequire(import.meta.url)('./tooling/product.cjs');
const BROWSER_WORKSPACES = PRODUCT.APPS.map((app) => app.dir);
const REMOTES = PRODUCT.APPS.filter((app) => app.remote).map((app) => app.dir);
const APPS = [...BROWSER_WORKSPACES, PRODUCT.API.dir];
// What no app and no part of shared may import: every other app, and the tools beside the product.
const NOT_IMPORTABLE = [...APPS, ...PRODUCT.TOOLS.map((tool) => tool.dir)];
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
// Every API call goes through the endpoint contract (`call(endpoint, input)`): no hand-written
// path, no unchecked answer cast. Only the caller itself and the test kit touch the axios instance.
const CALLS_THROUGH_CONTRACT = [
  {
    name: '@campus/shared/api-client',
    importNames: ['apiClient', 'createApiClient'],
    message: 'Call the API with call(endpoint, input) from @campus/shared/call.',
  },
  { name: 'axios', message: 'Call the API with call(endpoint, input) from @campus/shared/call.' },
];

// Test files and test helpers of the browser workspaces.
const BROWSER_TEST_FILES = [...BROWSER_WORKSPACES, 'shared'].flatMap((w) => [
  `${w}/src/**/*.test.ts`,
  `${w}/src/**/*.test.tsx`,
  `${w}/src/test/**`,
]);
const ONE_FAKE_API_DIALECT = [
  {
    // jest.mock of the API client, the caller, the shared queries, axios, a feature's api/ folder or the search
    // client (esquery's regex cannot hold a '/', hence `.` and `\W`).
    selector:
      "CallExpression[callee.object.name='jest'][callee.property.name=/^(mock|doMock)$/][arguments.0.value=/^(axios|@campus.shared.(api-client|call|queries))$|(^|\\W)api(\\W|$)|search-client/]",
    message:
      "Fake the API with fakeApi() from @campus/shared/testing (answers by endpoint) and search with the remote's fakeSearch(), not by mocking a client or a call module.",
  },
  {
    selector: ':matches(FunctionDeclaration, VariableDeclarator)[id.name=/^(envelope|heldReply|deferred|mockApi|onApi|requestsTo)$/]',
    message:
      'One fake API dialect: envelope() and heldReply() come from @campus/shared/testing, and replies are keyed by endpoint (fakeApi().on(endpoint, ...)), never by method and path.',
  },
];

// The API by domain: every folder of api/src is a domain but these, which serve them all.
const API_SRC = 'api/src';
const API_INFRASTRUCTURE = ['db', 'http', 'lib', 'limits', 'plugins'];
const API_DOMAINS = fs
  .readdirSync(API_SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !API_INFRASTRUCTURE.includes(entry.name))
  .map((entry) => entry.name);
// A domain imports another only through its index.ts, its public face.
const API_DOMAIN_ZONES = API_DOMAINS.map((domain) => ({
  target: API_DOMAINS.filter((d) => d !== domain).map((d) => `./${API_SRC}/${d}`),
  from: `./${API_SRC}/${domain}`,
  except: ['./index.ts'],
  message: `Import the ${domain} domain through its index.ts ('../${domain}'); export what you need from there.`,
}));
const TABLES_ONLY_IN_REPOSITORIES = [
  { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Queries live in a *repository.ts: call a repository function.' },
  {
    group: ['**/db/schema', '**/db/schema/*'],
    allowTypeImports: true,
    message: 'Tables belong to *repository.ts files; elsewhere import only row types (import type).',
  },
];

// Forms have one way (docs/architecture.md, "Forms"): the kit in @campus/shared/form holds their values
// (react-hook-form checked by the contract's zod schema), and call() builds a multipart body from
// typed fields. react-hook-form is imported only by the kit: a second copy in a remote would also be
// a second form context.
const FORMS_THROUGH_KIT = [
  { name: 'react-hook-form', message: 'Build forms with useContractForm and the fields of @campus/shared/form.' },
  {
    name: '@hookform/resolvers/zod',
    message: 'useContractForm(schema) from @campus/shared/form checks the form with the contract schema.',
  },
];
const NO_HAND_BUILT_MULTIPART = {
  selector: "NewExpression[callee.name='FormData']",
  message: 'Pass typed `fields` and `files` to call(endpoint, ...): it builds the multipart body the contract declares.',
};
const NO_HAND_VALIDATED_FORMS = {
  selector: "CallExpression[callee.property.name='safeParse']",
  message: 'Check a form with useContractForm(schema) from @campus/shared/form, not by hand with safeParse.',
};
const BROWSER_SOURCES = ['shell/src/**', 'remote-*/src/**', 'shared/src/**'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'shared/src/testing/**', '**/src/test/**'];

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
      message:
        'Features do not import each other: a screen in src/routes composes them; common code goes in src/components, src/lib or @campus/shared.',
    }));
}

/**
 * One direction inside a browser app (bulletproof-react's): src/components and src/lib are the
 * common parts that features and screens build on, so they import no feature and no screen. A
 * piece that needs a feature's code belongs to that feature, or to a screen in src/routes that
 * composes features (and hands a feature's component what it needs from another, as a prop).
 */
function oneDirectionZones(workspace) {
  return [
    ...['components', 'lib'].map((dir) => ({
      target: `./${workspace}/src/${dir}`,
      from: [`./${workspace}/src/features`, `./${workspace}/src/routes`],
      message: `src/${dir} is common code: it imports no feature and no screen (move the piece into the feature that owns it, or compose it in src/routes).`,
    })),
    {
      // A feature's tests may render the screen it lives on (a journey through the real page); its code may not.
      target: `./${workspace}/src/features/**/!(*.test).{ts,tsx}`,
      from: `./${workspace}/src/routes`,
      message: 'A feature imports no screen: screens (src/routes) compose features, not the other way round.',
    },
  ];
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
const MONEY_NO_HTTP_ERRORS = {
  group: ['**/http/errors'],
  message: 'The money domain throws DomainErrors (lib/domain-errors.ts); plugins/errors.ts maps them to HTTP.',
};
const MONEY_LAYER_PATTERNS = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    message: 'Money: services hold the rules and routes speak HTTP; queries belong in a *repository.ts.',
  },
  {
    group: ['**/db/schema', '**/db/schema/*'],
    allowTypeImports: true,
    message: 'Money: tables belong to a *repository.ts; only row types may be imported here.',
  },
  MONEY_NO_HTTP_ERRORS,
];
/** Inside money, one way: payments ← orders ← disputes (an arrow points at what a folder may import). */
const MONEY_ONE_WAY = [
  {
    target: './api/src/money/payments',
    from: ['./api/src/money/orders', './api/src/money/disputes'],
    message: 'Money is one-way: payments ← orders ← disputes; payments imports neither.',
  },
  {
    target: './api/src/money/orders',
    from: './api/src/money/disputes',
    message: 'Money is one-way: payments ← orders ← disputes; orders does not import disputes.',
  },
];
/**
 * Other parts of the API reach the money domain only through api/src/money/index.ts, but for
 * its settings (payments/config.ts, a leaf): api/src/config.ts sits at the bottom of the graph
 * and would otherwise load the whole domain, which reads AppConfig back (an import circle).
 */
const MONEY_ONLY_THROUGH_INDEX = {
  target: ['./api/src/!(money)/**', './api/src/*.ts'],
  from: './api/src/money',
  except: ['./index.ts', './payments/config.ts', './wiring.ts'],
  message: 'Reach the money domain through api/src/money/index.ts.',
};

/** A domain's wiring.ts (its routes and plugins) is the route map's alone: using a domain's function never loads its routes. */
const WIRING_ONLY_IN_ROUTE_MAP = {
  target: ['./api/src/*/**', './api/src/!(routes).ts'],
  from: './api/src/*/wiring.ts',
  message:
    "A domain's routes and plugins (its wiring.ts) are registered by the route map (api/src/routes.ts) alone; import the domain's index.ts.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/playwright-report/**',
      '**/playwright-report-environment/**',
      '**/test-results/**',
      '**/*.cjs',
      '**/*.mjs',
      '**/*.js',
      'api/drizzle/**',
    ],
  },
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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...[...BROWSER_WORKSPACES, 'api'].flatMap(featureZones),
            ...BROWSER_WORKSPACES.flatMap(oneDirectionZones),
            MONEY_ONLY_THROUGH_INDEX,
            ...MONEY_ONE_WAY,
          ],
        },
      ],
    },
  },
  boundary(
    ['shared/**'],
    NOT_IMPORTABLE,
    '`shared` is the contract: it must not import any app.',
    STATEFUL_BY_PACKAGE_NAME,
    CALLS_THROUGH_CONTRACT,
  ),
  // The pure half of shared imports nothing of the browser half (the API loads it).
  {
    files: ['shared/src/*.ts', 'shared/src/schemas/**', 'shared/src/types/**', 'shared/src/endpoints/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./browser/*', '../browser/*', './ui', './ui/*', '../ui', '../ui/*', './testing', '../testing'],
              message: 'The pure half of @campus/shared must not import its browser half.',
            },
            { regex: NOT_PURE_SHARED, message: 'The pure half of @campus/shared must not import its browser half.' },
            {
              group: ['react', 'react-dom', 'react-router-dom', 'axios', 'zustand', '@tanstack/*', '@chakra-ui/*'],
              message: 'The pure half of @campus/shared runs in the API too: no browser libraries.',
            },
          ],
        },
      ],
    },
  },
  // The caller and the API client itself, and the test kit that fakes the network.
  boundary(
    ['shared/src/browser/call.ts', 'shared/src/browser/api-client.ts'],
    NOT_IMPORTABLE,
    '`shared` is the contract: it must not import any app.',
    STATEFUL_BY_PACKAGE_NAME,
  ),
  // Tests run in one jest module registry, where a relative import is the same instance.
  boundary(
    ['shared/**/*.test.ts', 'shared/**/*.test.tsx', 'shared/src/testing/**'],
    NOT_IMPORTABLE,
    '`shared` is the contract: it must not import any app.',
  ),
  ...REMOTES.map((remote) =>
    boundary(
      [`${remote}/**`],
      NOT_IMPORTABLE.filter((a) => a !== remote),
      'A remote must not import the shell, the API or another remote: talk through @campus/shared (API client, event bus).',
      CHAKRA_ONLY_VIA_SHARED_UI,
      CALLS_THROUGH_CONTRACT,
    ),
  ),
  boundary(
    ['shell/**'],
    NOT_IMPORTABLE.filter((a) => a !== 'shell'),
    'The shell loads remotes at run time (loadRemote), never by import.',
    CHAKRA_ONLY_VIA_SHARED_UI,
    CALLS_THROUGH_CONTRACT,
  ),
  boundary(
    ['api/**'],
    NOT_IMPORTABLE.filter((a) => a !== 'api'),
    'The API must not import a browser app.',
    [{ regex: NOT_PURE_SHARED, message: `The API imports only the pure half of @campus/shared: ${PURE_SHARED.join(', ')}.` }],
  ),
  // API domains (docs/api.md, "API domains"). (1) Only a *repository.ts (and api/src/db)
  // touches drizzle or the tables; anything else may import row types. (2) A domain reaches
  // another only through that domain's index.ts. (3) No two domain folders depend on each other.
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*repository.ts', 'api/src/db/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: TABLES_ONLY_IN_REPOSITORIES }] },
  },
  {
    files: ['api/src/**/*.ts'],
    // Repeats the zones of the block above for these files (a later block replaces its options), adding the domains'.
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureZones('api'), ...API_DOMAIN_ZONES, MONEY_ONLY_THROUGH_INDEX, ...MONEY_ONE_WAY, WIRING_ONLY_IN_ROUTE_MAP] },
      ],
    },
  },
  // The API in rooms a reader can hold: no file over 400 lines, no function over 80, every line
  // counted (comments are part of what is read). Data is exempt: the demo listings and the
  // schema's columns (one file per owning domain, scripts/table-owners.mjs).
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/catalogue/demo/listings.ts', 'api/src/db/schema/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    files: ['api/src/**/*.ts'],
    plugins: { 'api-domains': apiDomains },
    rules: {
      'api-domains/no-domain-cycle': ['error', { root: API_SRC, infrastructure: API_INFRASTRUCTURE }],
    },
  },
  // Routes speak HTTP: besides the above, no database module at all (a repository does it).
  {
    files: ['api/src/**/routes.ts', 'api/src/routes.ts', 'api/src/http/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: "Routes speak HTTP: queries belong in the domain's repository.ts." },
            {
              group: ['**/db/*', '**/db/schema/*', '!**/db/schema'],
              message: "Routes speak HTTP: tables belong to the domain's repository.ts.",
            },
            {
              group: ['**/db/schema'],
              allowTypeImports: true,
              message: 'Routes speak HTTP: only row types may be imported from the schema.',
            },
          ],
        },
      ],
    },
  },
  boundary(['e2e/**'], APPS, 'Journeys drive the running product through the browser; they do not import app code.'),
  // Browser tests speak to the API one way: the kit's fakeApi(), keyed by the contract's endpoints
  // (docs/architecture.md, "Tests: the fake API"). No mocked client or call module, no second dialect.
  {
    files: BROWSER_TEST_FILES,
    ignores: ['shared/src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_FAKE_API_DIALECT] },
  },
  // Screens and shared browser code: no-restricted-syntax and @typescript-eslint/no-restricted-imports are each
  // set once per file set, from the general to the specific, each block repeating what the earlier ones hold
  // for its files (a later block replaces an earlier one's options for the same rule, it does not add to them).
  //   forms: the kit holds form values (FORMS_THROUGH_KIT), call() builds multipart bodies, no hand safeParse;
  //   paths: href(screen, params), no literal app paths; query keys: the queryKeys factory, no literal keys;
  //   data hooks: screens take server data from their features' api/ hooks, not @tanstack/react-query.
  {
    files: BROWSER_SOURCES,
    ignores: ['shared/src/form/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: FORMS_THROUGH_KIT }] },
  },
  {
    files: ['shell/src/routes/**/*.{ts,tsx}', 'remote-*/src/routes/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...FORMS_THROUGH_KIT,
            {
              name: '@tanstack/react-query',
              message: "Screens read and change server data through a feature's api/ hooks (src/features/<feature>/api/).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: BROWSER_SOURCES,
    ignores: ['shared/src/browser/call.ts', ...TESTS],
    rules: { 'no-restricted-syntax': ['error', NO_HAND_BUILT_MULTIPART] },
  },
  { files: ['shared/src/browser/call.ts'], rules: { 'no-restricted-syntax': ['error', ...NO_LITERAL_QUERY_KEYS] } },
  {
    files: ['shared/src/browser/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'shared/src/browser/call.ts', 'shared/src/browser/query-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_HAND_BUILT_MULTIPART, ...NO_LITERAL_QUERY_KEYS] },
  },
  {
    files: SCREEN_CODE,
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', NO_HAND_BUILT_MULTIPART, ...NO_PATH_LITERALS, ...NO_LITERAL_QUERY_KEYS] },
  },
  // A screen or a feature's component: no hand-validated forms either.
  {
    files: ['shell/src/**/*.tsx', 'remote-*/src/**/*.tsx', 'remote-*/src/routes/**', 'remote-*/src/**/components/**'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': ['error', NO_HAND_BUILT_MULTIPART, NO_HAND_VALIDATED_FORMS, ...NO_PATH_LITERALS, ...NO_LITERAL_QUERY_KEYS],
    },
  },
  // The money domain (docs/architecture.md, "The money domain"): only *repository.ts touches
  // drizzle and the tables; nothing in it speaks HTTP (DomainErrors, mapped by plugins/errors.ts).
  {
    files: ['api/src/money/**/*.ts'],
    ignores: ['api/src/money/**/*repository.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: MONEY_LAYER_PATTERNS }] },
  },
  {
    files: ['api/src/money/**/*repository.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [MONEY_NO_HTTP_ERRORS] }] },
  },
);
