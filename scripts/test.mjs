#!/usr/bin/env node
/**
 * `npm test`: every test, in the order that fails fastest:
 * typecheck, lint, formatting (Prettier's check), unit (jest projects), API tests, the end-to-end
 * journeys that need the product they start (which builds and starts it: e2e/global-setup.ts), every
 * other journey against a product started apart (scripts/test-e2e-env.mjs), then the bundle report.
 * Stops at the first failure with a non-zero exit code.
 */
import { ROOT, run } from './lib/product.mjs';
import { NO_CHROMIUM_MESSAGE, findChromium } from './lib/chromium.mjs';

const npmCli = process.env.npm_execpath;
const npm = npmCli && /npm-cli\.js$/.test(npmCli) ? [process.execPath, npmCli] : ['npm'];

/** The journeys `npm test` runs on the product it starts; every other one runs against a stand-in (e2e/support/ports.ts). */
const ONCE_ON_OWN_PRODUCT = '@own-product|@test-timings';

const steps = [
  { name: 'Type-check', args: ['run', 'typecheck'] },
  { name: 'Lint', args: ['run', 'lint'] },
  { name: 'Format check', args: ['run', 'format:check'] },
  { name: 'Unit tests', args: ['run', 'test:unit'] },
  { name: 'API tests', args: ['run', 'test:api'] },
  // The journeys run once. Those that need the product the suite starts (they stop its servers, read its log or
  // releases: @own-product) or NODE_ENV=test's short dispute wait (@test-timings) run on it (e2e/global-setup.ts)...
  {
    name: 'Journeys on the product they start (@own-product, @test-timings)',
    args: ['run', 'test:e2e', '--', '--grep', ONCE_ON_OWN_PRODUCT],
    needsChromium: true,
  },
  // ...and all the others against an environment started apart, as QA runs them against staging (E2E_BASE_URL,
  // scripts/test-e2e-env.mjs: `npm start` with the test-support interface on), remote-cart's preview override among them.
  {
    name: 'Journeys against a running environment',
    args: ['run', 'test:e2e:env', '--', '--grep-invert', ONCE_ON_OWN_PRODUCT],
    needsChromium: true,
  },
  { name: 'Bundle report', command: [process.execPath, 'scripts/bundle-report.mjs'], needsChromium: true },
];

const started = Date.now();
let passed = 0;
for (const step of steps) {
  process.stdout.write(`\n=== ${step.name} ===\n`);
  if (step.needsChromium && !findChromium()) {
    process.stderr.write(`\n${NO_CHROMIUM_MESSAGE}\n`);
    process.stdout.write(`steps: ${passed} passed, 1 failed\n`);
    process.exit(1);
  }
  const stepStart = Date.now();
  try {
    const [command, ...args] = step.command ?? [...npm, ...step.args];
    await run(command, args, { cwd: ROOT });
  } catch (error) {
    process.stderr.write(`\n${step.name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.stdout.write(`steps: ${passed} passed, 1 failed\n`);
    process.exit(1);
  }
  passed += 1;
  process.stdout.write(`=== ${step.name}: passed in ${((Date.now() - stepStart) / 1000).toFixed(0)} s ===\n`);
}
process.stdout.write(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.\nsteps: ${passed} passed, 0 failed\n`);
