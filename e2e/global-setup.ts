/**
 * Starts the whole product for the journeys, the way a user does (`scripts/start.mjs`:
 * builds what is stale, then the API and six static servers), on test ports,
 * with a fresh temporary data directory, NODE_ENV=test and the API's test-support
 * interface on (the journeys read e-mails through it). Returns the teardown.
 *
 * With E2E_BASE_URL it starts nothing: it reads that environment's runtime configuration
 * (where its API and remotes are) from the shell and hands it to the workers (support/ports.ts).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ENV, ENVIRONMENT_URL, NEEDS_OWN_PRODUCT, OWN_PRODUCT, PREVIEW_URL } from './support/ports';
import { isRunning, type ProductState } from './support/product';

const ROOT = path.resolve(__dirname, '..');
const START_TIMEOUT_MS = 15 * 60_000; // a cold build of six apps on two busy cores

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

function tail(file: string, lines = 40): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

/** An environment someone else runs: its runtime configuration for the workers, and a check that its test-support interface answers. */
async function useEnvironment(shellUrl: string): Promise<() => Promise<void>> {
  const response = await fetch(`${shellUrl}/runtime-config.json`, { signal: AbortSignal.timeout(15_000) }).catch((error: unknown) => {
    throw new Error(`E2E_BASE_URL=${shellUrl}: the shell does not answer (${String(error)})`);
  });
  if (!response.ok) throw new Error(`E2E_BASE_URL=${shellUrl}: GET /runtime-config.json answered ${response.status}`);
  const config = (await response.json()) as { apiBaseUrl: string; remotes: Record<string, string> };
  const secret = process.env.E2E_TEST_SUPPORT_SECRET ?? '';
  const settings = await fetch(`${config.apiBaseUrl.replace(/\/+$/, '')}/test-support/settings`, {
    headers: { 'X-Test-Support-Secret': secret },
    signal: AbortSignal.timeout(15_000),
  });
  if (!settings.ok) {
    throw new Error(
      `${config.apiBaseUrl}/test-support/settings answered ${settings.status}: the environment needs TEST_SUPPORT_SECRET (not under NODE_ENV=production), and E2E_TEST_SUPPORT_SECRET its value (docs/testing.md)`,
    );
  }
  process.env.E2E_RUNTIME_CONFIG = JSON.stringify({ apiBaseUrl: config.apiBaseUrl, remotes: config.remotes });
  process.stdout.write(
    `Journeys against ${shellUrl} (API ${config.apiBaseUrl}); the suite starts nothing, and leaves out the journeys tagged ${OWN_PRODUCT} (they ${NEEDS_OWN_PRODUCT.replace(/^needs/, 'need')}).\n`,
  );
  return async () => undefined;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (ENVIRONMENT_URL) return useEnvironment(ENVIRONMENT_URL);
  const workDir = mkdtempSync(path.join(tmpdir(), 'campus-e2e-'));
  const stateFile = path.join(workDir, 'state.json');
  const logFile = path.join(workDir, 'product.log');
  const testSupportSecret = randomBytes(24).toString('hex');
  const env: Record<string, string> = {
    ...E2E_ENV,
    NODE_ENV: 'test',
    // Every journey signs in from 127.0.0.1: the per-address limits (30 sign-ins in 15 minutes) would
    // meet the suite itself. Per-e-mail limits and the lock-out stay as they are.
    RATE_LIMIT_SCALE: '50',
    // The journeys cannot move the API's clock: an accepted order may be disputed 3 seconds after
    // payment instead of 14 days (the API honours this only under NODE_ENV=test; docs/api.md "Disputes").
    ORDERS_BUYER_WAIT_SECONDS: '3',
    // The daily payout rhythm of `npm start`: a store's first payout (the seller journey's new store) leaves at
    // once; the demo stores, paid two hours before the start, keep money available until tomorrow's.
    PAYOUT_INTERVAL_HOURS: '24',
    // The journeys read the e-mails the API sent through its test-support interface (support/mailbox.ts).
    TEST_SUPPORT_SECRET: testSupportSecret,
    E2E_TEST_SUPPORT_SECRET: testSupportSecret,
    // The origin the remote-override journey serves a preview build from (support/ports.ts).
    REMOTE_OVERRIDE_ORIGINS: process.env.REMOTE_OVERRIDE_ORIGINS ?? PREVIEW_URL,
    DATA_DIR: path.join(workDir, 'data'),
    // Releases a journey makes (release.spec.ts) and their pointers: this run's own, never the repository's.
    RELEASES_DIR: path.join(workDir, 'releases'),
    START_STATE_FILE: stateFile,
    // A page's configuration counts as current for 1 s instead of 10: the release journey waits that long for it to age.
    RELEASE_PICKUP_AFTER_MS: '1000',
    // The API's warnings (its CSP violation reports among them) in the product's log, which the journeys may read.
    LOG_LEVEL: 'warn',
    PRODUCT_LOG_FILE: logFile,
  };
  // Workers are started after this runs, so they inherit these (support/product.ts reads them).
  Object.assign(process.env, env);

  const log = createWriteStream(logFile);
  const supervisor = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  supervisor.stdout.pipe(log);
  supervisor.stderr.pipe(log);
  process.stdout.write(`Starting the product for the journeys (log: ${logFile})...\n`);

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (supervisor.exitCode !== null) throw new Error(`scripts/start.mjs exited (${supervisor.exitCode}):\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`The product did not start in time:\n${tail(logFile)}`);
    if (existsSync(stateFile)) {
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as ProductState;
      const ready = await Promise.all(state.services.map((s) => answers(s.readyUrl)));
      if (ready.every(Boolean) && readFileSync(logFile, 'utf8').includes('Campus Marketplace is running')) break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  process.stdout.write('The product is up.\n');

  return async () => {
    const state = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as ProductState) : null;
    if (supervisor.exitCode === null) {
      const exited = new Promise((r) => supervisor.once('exit', r));
      supervisor.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    }
    // Servers a journey restarted are not start.mjs's children.
    for (const s of state?.services ?? []) {
      if (s.restarted && isRunning(s.pid)) process.kill(s.pid as number, 'SIGTERM');
    }
    if (process.env.E2E_KEEP_DATA) process.stdout.write(`Kept ${workDir}\n`);
    else rmSync(workDir, { recursive: true, force: true });
  };
}
