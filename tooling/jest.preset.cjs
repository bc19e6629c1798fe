/**
 * Jest settings shared by every browser workspace: @swc/jest compiles TS/TSX
 * (type-checking is `npm run typecheck`'s job), jsdom with the web APIs it
 * lacks (jest.polyfills.cjs, the one place for them), jest-dom matchers.
 */
const path = require('node:path');
const chakraThemeParts = require('./webpack/chakra-theme-parts.cjs');

/** @param {string} dir the workspace folder */
module.exports = function browserJestConfig(dir, overrides = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    setupFiles: [path.join(__dirname, 'jest.polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.ts')],
    moduleNameMapper: {
      '\\.(css|png|jpe?g|svg|webp)$': path.join(__dirname, 'file-stub.cjs'),
      // Chakra's default tokens without its recipes: see webpack/chakra-theme-parts.cjs.
      ...chakraThemeParts.jestModuleNameMapper,
      // The design system's lazy overlays drawn at once (shared/src/testing/overlays-loaded.ts).
      '^\\./lazy-overlays$': path.join(__dirname, '../shared/src/testing/overlays-loaded.ts'),
    },
    ...overrides,
  };
};
