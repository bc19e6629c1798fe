/**
 * Jest settings for node code written as plain ESM JavaScript (.mjs): the page server and
 * scripts/. @swc/jest runs it as CommonJS (no --experimental-vm-modules), the ESM-only
 * p-limit compiled the same way. Such modules avoid `import.meta` (a CLI entry keeps it).
 */
const path = require('node:path');

/** @param {string} dir the folder whose src (or lib) holds the *.test.mjs files */
module.exports = function nodeJestConfig(dir) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/**/*.test.mjs'],
    testPathIgnorePatterns: ['/node_modules/'],
    moduleFileExtensions: ['mjs', 'cjs', 'js', 'json'],
    transform: {
      '^.+\\.m?js$': [require.resolve('@swc/jest'), { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
    },
    transformIgnorePatterns: ['/node_modules/(?!(p-limit|yocto-queue)/)'],
  };
};
