#!/usr/bin/env node
/**
 * `npm test`: every test, in the order that fails fastest:
 * typecheck, lint, formatting (Prettier's check), unit (jest projects), API tests, the end-to-end
 * journeys that need the product they start (which builds and starts it: e2e/global-setup.ts), every
 * other journey against a product started apart (scripts/test-e2e-env.mjs), then the bundle report.
 * Stops at the first failure with a non-zero exit code. Prints each step's time at the end.
 *
 * `npm test -- --slowest`: the 20 slowest test files (unit and API, each API pass apart) and the 20
 * slowest journeys as well, from the runners' timings reporters (tooling/test-timings/,
 * e2e/support/timings-reporter.ts), which write to TEST_TIMINGS_FILE.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, npmCommand, run } from './lib/product.mjs';
import { NO_CHROMIUM_MESSAGE, findChromium } from './lib/chromium.mjs';
import { slowestReport, stepTimesReport } from './lib/test-timings.mjs';

const npm = npmCommand();

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
    timingsLabel: 'own product',
  },
  // ...and all the others against an environment started apart, as QA runs them against staging (E2E_BASE_URL,
  // scripts/test-e2e-env.mjs: `npm start` with the test-support interface on), remote-cart's preview override among them.
  {
    name: 'Journeys against a running environment',
    args: ['run', 'test:e2e:env', '--', '--grep-invert', ONCE_ON_OWN_PRODUCT],
    needsChromium: true,
    timingsLabel: 'environment',
  },
  { name: 'Bundle report', command: [process.execPath, 'scripts/bundle-report.mjs'], needsChromium: true },
];

const unknown = process.argv.slice(2).filter((arg) => arg !== '--slowest');
if (unknown.length > 0) {
  process.stderr.write(`npm test takes one option, --slowest (not ${unknown.join(' ')})\n`);
  process.exit(2);
}
const slowest = process.argv.includes('--slowest');
const timingsDir = mkdtempSync(path.join(tmpdir(), 'campus-test-timings-'));
const timingsFile = path.join(timingsDir, 'timings.jsonl');

const started = Date.now();
/** @type {{ name: string, seconds: number, outcome: string }[]} */
const times = [];
function finish(failed) {
  process.stdout.write(`\n${stepTimesReport(times)}\n`);
  if (slowest) process.stdout.write(`\n${slowestReport(readTimings(), 20)}\n`);
  rmSync(timingsDir, { recursive: true, force: true });
  const passed = times.filter((t) => t.outcome === 'passed').length;
  if (!failed) process.stdout.write(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.\n`);
  process.stdout.write(`steps: ${passed} passed, ${failed ? 1 : 0} failed\n`);
  process.exit(failed ? 1 : 0);
}
function readTimings() {
  try {
    return readFileSync(timingsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

for (const step of steps) {
  process.stdout.write(`\n=== ${step.name} ===\n`);
  if (step.needsChromium && !findChromium()) {
    process.stderr.write(`\n${NO_CHROMIUM_MESSAGE}\n`);
    times.push({ name: step.name, seconds: 0, outcome: 'failed' });
    finish(true);
  }
  const stepStart = Date.now();
  const seconds = () => (Date.now() - stepStart) / 1000;
  try {
    const [command, ...args] = step.command ?? [...npm, ...step.args];
    await run(command, args, {
      cwd: ROOT,
      env: { ...process.env, TEST_TIMINGS_FILE: timingsFile, ...(step.timingsLabel ? { TEST_TIMINGS_LABEL: step.timingsLabel } : {}) },
    });
  } catch (error) {
    process.stderr.write(`\n${step.name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    times.push({ name: step.name, seconds: seconds(), outcome: 'failed' });
    finish(true);
  }
  times.push({ name: step.name, seconds: seconds(), outcome: 'passed' });
  process.stdout.write(`=== ${step.name}: passed in ${seconds().toFixed(0)} s ===\n`);
}
finish(false);
