const preset = require('../tooling/jest.preset.cjs')(__dirname);

module.exports = { ...preset, setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/test/setup.ts'] };
