// API tests: node environment, TS compiled to CommonJS by @swc/jest (type-checking is tsc's job).
// Run through `npm test -w @campus/api` (scripts/test.mjs): once on PGlite, once on PostgreSQL.
module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // On PostgreSQL, the files whose logic no engine changes are left out: they ran on PGlite (test/engine-independent.cjs).
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.DATABASE_URL
      ? require('./test/engine-independent.cjs').map((file) => `<rootDir>/test/${file.replace(/\./g, '\\.')}$`)
      : []),
  ],
  // The migrated template every test database is copied from (test/setup/database-template.ts).
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  // On PostgreSQL, a database per test file (test/setup/database-per-file.ts).
  setupFilesAfterEnv: ['<rootDir>/test/setup/database-per-file.ts'],
  transform: {
    '^.+\\.(t|j|cj)s$': [
      require.resolve('@swc/jest'),
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // Compiled to CommonJS as well: PGlite's CJS build loads Node built-ins with import(), which
  // jest's module runtime only allows behind --experimental-vm-modules (swc turns it into
  // require); cookie@1 and content-disposition@3 ship ESM only (plain Node 20 uses require(esm)).
  // The pattern looks at the innermost node_modules package of a path.
  transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|content-disposition|cookie)/)(?!.*/node_modules/)'],
  testTimeout: 60_000,
  // With TEST_TIMINGS_FILE, each test file's time as well (`npm test -- --slowest`).
  reporters: require('../tooling/test-timings/jest-reporters.cjs'),
};
