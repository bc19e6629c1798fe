// Root jest: one project per browser workspace, the page server and scripts/ (the API has its own config, run by `npm run test:api`).
module.exports = {
  // With TEST_TIMINGS_FILE, each test file's time as well (`npm test -- --slowest`).
  reporters: require('./tooling/test-timings/jest-reporters.cjs'),
  projects: [
    'shared',
    'shell',
    'remote-auth',
    'remote-marketplace',
    'remote-cart',
    'remote-seller',
    'remote-messages',
    'remote-ops',
    'page-server',
    'scripts',
  ]
    .filter((dir) => require('node:fs').existsSync(`${__dirname}/${dir}/jest.config.cjs`))
    .map((dir) => `<rootDir>/${dir}/jest.config.cjs`),
};
