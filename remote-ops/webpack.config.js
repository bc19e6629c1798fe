// Built by the one factory every app shares (tooling/webpack/create-config.cjs).
const createAppConfig = require('../tooling/webpack/create-config.cjs');

module.exports = createAppConfig({ dir: __dirname, exposes: { './App': './src/App.tsx' } });
