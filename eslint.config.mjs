// Lint for every workspace. The import-boundary rules are the architecture:
// no remote imports another remote or the shell; `shared` imports no app;
// the API imports only the pure parts of `shared`.
import js from '@eslint/js';
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
const BROWSER_ONLY_SHARED = ['get-cart', 'get-wishlist', 'standalone', 'storage', 'runtime-config', 'api-client', 'event-bus', 'session', 'ui', 'testing'];

/** Patterns that forbid importing the given apps, by package name or by relative path. */
function forbidApps(apps, why) {
  return apps.flatMap((app) => [
    { group: [`@campus/${app}`, `@campus/${app}/*`], message: why },
    // Relative reach into another app's folder from the repo root (a feature folder named `api/` stays allowed).
    { group: [`**/../${app}/src/**`, `**/../${app}/src`], message: why },
  ]);
}

function boundary(files, forbidden, why, extra = []) {
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [...forbidApps(forbidden, why), ...extra] }] },
  };
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
  boundary(['shared/**'], APPS, '`shared` is the contract: it must not import any app.', STATEFUL_BY_PACKAGE_NAME),
  // Tests run in one jest module registry, where a relative import is the same instance.
  boundary(['shared/**/*.test.ts', 'shared/**/*.test.tsx', 'shared/src/testing/**'], APPS, '`shared` is the contract: it must not import any app.'),
  ...['remote-auth', 'remote-marketplace', 'remote-cart', 'remote-seller'].map((remote) =>
    boundary(
      [`${remote}/**`],
      APPS.filter((a) => a !== remote),
      'A remote must not import the shell, the API or another remote: talk through @campus/shared (API client, event bus).',
      CHAKRA_ONLY_VIA_SHARED_UI,
    ),
  ),
  boundary(
    ['shell/**'],
    APPS.filter((a) => a !== 'shell'),
    'The shell loads remotes at run time (loadRemote), never by import.',
    CHAKRA_ONLY_VIA_SHARED_UI,
  ),
  boundary(
    ['api/**'],
    APPS.filter((a) => a !== 'api'),
    'The API must not import a browser app.',
    BROWSER_ONLY_SHARED.map((s) => ({ group: [`@campus/shared/${s}`], message: 'The API imports only the pure parts of @campus/shared.' })),
  ),
  boundary(['e2e/**'], APPS, 'Journeys drive the running product through the browser; they do not import app code.'),
);
