import { defineConfig, devices } from '@playwright/test';
import { ENVIRONMENT_URL, OWN_PRODUCT, SHELL_URL } from './support/ports';

/**
 * Journeys across the shell and the remotes, against production builds served
 * the way `npm start` serves them (global-setup.ts), or against a running
 * environment: E2E_BASE_URL (docs/testing.md). Debian's chromium, not a
 * downloaded browser (none can be downloaded on these machines).
 */
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // Against an environment the suite did not start, the journeys that need their own product are left out.
  grepInvert: ENVIRONMENT_URL ? new RegExp(OWN_PRODUCT) : undefined,
  // Runs on other ports (E2E_PORT_BASE) keep their own artefacts.
  outputDir: process.env.E2E_PORT_BASE ? `test-results/ports-${process.env.E2E_PORT_BASE}` : 'test-results',
  globalSetup: './global-setup.ts',
  // One worker: two cores, and the journeys stop and start shared servers.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The HTML report (with the trace of every failed journey) is kept under CI: .ci/run packs it as an artifact.
  // The last lines count the journeys per remote tag (support/remote-summary-reporter.ts).
  reporter: [
    ['list'],
    // A run against an environment (E2E_BASE_URL, scripts/test-e2e-env.mjs) keeps its own report beside it.
    ...(process.env.CI
      ? ([
          ['html', { open: 'never', outputFolder: process.env.E2E_BASE_URL ? 'playwright-report-environment' : 'playwright-report' }],
        ] as const)
      : []),
    ['./support/remote-summary-reporter.ts'],
    // Each journey's time, for `npm test -- --slowest` (scripts/test.mjs).
    ...(process.env.TEST_TIMINGS_FILE ? ([['./support/timings-reporter.ts']] as const) : []),
  ],
  use: {
    baseURL: SHELL_URL,
    // Recording a trace (its screencast and DOM snapshots) made every journey 15-18 % slower on two cores
    // (docs/testing.md). Under CI a journey that fails is run again with the trace on: a real failure keeps
    // the trace of its second try; a local run, which does not retry, keeps the trace of each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /phone\.spec\.ts$/ },
    // The main journeys on a 390 px touch phone (support/phone.ts sets the device).
    { name: 'phone', testMatch: /phone\.spec\.ts$/ },
  ],
});
