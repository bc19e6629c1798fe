#!/usr/bin/env node
/**
 * `npm run test:e2e:env`: the journeys against an environment they did not start, the way QA runs
 * them against staging (docs/testing.md). A staging stand-in is started first with `scripts/start.mjs`
 * on its own ports (E2E_ENV_PORT_BASE, default 4200: shell 4200, API 5200), NODE_ENV=development as
 * `npm start` runs it, with the API's test-support interface on (a fresh TEST_SUPPORT_SECRET) and the
 * preview origin allow-listed for remote overrides; then Playwright runs with E2E_BASE_URL and
 * E2E_TEST_SUPPORT_SECRET only (its global setup starts nothing), and the stand-in is stopped.
 *
 * Extra arguments go to Playwright (`npm run test:e2e:env -- --grep @cart`).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ROOT, run } from './lib/product.mjs';
import { startProduct } from './lib/run-product.mjs';

const PLAYWRIGHT = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const base = Number(process.env.E2E_ENV_PORT_BASE || 4200);
const secret = randomBytes(24).toString('hex');
// Where the override journey serves its preview of remote-cart (e2e/support/ports.ts: the port base + 20).
const previewUrl = `http://localhost:${base + 20}`;

const product = await startProduct({
  base,
  env: {
    TEST_SUPPORT_SECRET: secret,
    REMOTE_OVERRIDE_ORIGINS: previewUrl,
    // Settings a staging environment may have, none of them test-only: the journeys sign in from one
    // address far more often than a student does; payouts run daily as `npm start`'s do (the demo
    // stores keep money available, a new store's first payout leaves at once: e2e/global-setup.ts).
    RATE_LIMIT_SCALE: '50',
    PAYOUT_INTERVAL_HOURS: '24',
  },
});
let failed = false;
try {
  process.stdout.write(`The staging stand-in is up at ${product.shellUrl}; the journeys run against it.\n`);
  const { START_STATE_FILE: _ignored, ...env } = process.env;
  await run(process.execPath, [PLAYWRIGHT, 'test', ...process.argv.slice(2)], {
    cwd: path.join(ROOT, 'e2e'),
    env: {
      ...env,
      E2E_BASE_URL: product.shellUrl,
      E2E_TEST_SUPPORT_SECRET: secret,
      // Names this run's artefacts and places the preview beside the stand-in (not the product's ports).
      E2E_PORT_BASE: String(base),
    },
  });
} catch (error) {
  failed = true;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await product.stop();
}
process.exit(failed ? 1 : 0);
