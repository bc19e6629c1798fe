/**
 * Starts the production shape for the cluster journeys (`scripts/start-cluster.mjs`: PostgreSQL,
 * Redis, the S3 store, API instances behind nginx, the apps' builds), on CLUSTER_PORT_BASE
 * (default 8100), with NODE_ENV=test and the settings the ordinary global setup gives the journeys.
 * The shell is at the base, the cart and seller remotes at base+3 and base+4, as support/ports.ts
 * places them from E2E_PORT_BASE, so the journeys' helpers find them.
 *
 * To the ordinary journeys the cluster is an environment the suite did not start (E2E_BASE_URL, with
 * its runtime configuration read from the shell, as global-setup.ts does for staging): the journeys
 * that stop a remote's server or read the API's log skip themselves, since the servers are the
 * supervisor's and the log is the instances'. The remote-override journeys serve their preview build
 * at base+90, which the cluster allow-lists. Returns the teardown.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLUSTER_PORT_BASE } from './cluster/cluster-state';

const ROOT = path.resolve(__dirname, '..');
const START_TIMEOUT_MS = 15 * 60_000; // a cold build of six apps on two busy cores

function tail(file: string, lines = 40): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

export default async function clusterGlobalSetup(): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'campus-e2e-cluster-'));
  const logFile = path.join(workDir, 'cluster.log');
  const testSupportSecret = randomBytes(24).toString('hex');
  const previewUrl = `http://localhost:${CLUSTER_PORT_BASE + 90}`;
  const env: Record<string, string> = {
    CLUSTER_PORT_BASE: String(CLUSTER_PORT_BASE),
    E2E_PORT_BASE: String(CLUSTER_PORT_BASE),
    API_INSTANCES: process.env.API_INSTANCES ?? '2',
    CLUSTER_STATE_FILE: path.join(workDir, 'cluster-state.json'),
    NODE_ENV: 'test',
    // As e2e/global-setup.ts: every journey signs in from 127.0.0.1; a dispute may open 3 s after payment;
    // payouts at each reconciliation.
    RATE_LIMIT_SCALE: '50',
    ORDERS_BUYER_WAIT_SECONDS: '3',
    PAYOUT_INTERVAL_HOURS: '0',
    LOG_LEVEL: 'warn',
    PRODUCT_LOG_FILE: logFile,
    // The journeys read the e-mails sent through the API's test-support interface (support/mailbox.ts), which
    // answers from the database's record of sent mail: any instance answers with what every instance sent.
    TEST_SUPPORT_SECRET: testSupportSecret,
    E2E_TEST_SUPPORT_SECRET: testSupportSecret,
    // Clear of the cluster's own ports (scripts/lib/cluster.mjs: base..base+62).
    E2E_PREVIEW_URL: previewUrl,
    REMOTE_OVERRIDE_ORIGINS: previewUrl,
  };
  Object.assign(process.env, env);

  const log = createWriteStream(logFile);
  const supervisor = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start-cluster.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  supervisor.stdout.pipe(log);
  supervisor.stderr.pipe(log);
  process.stdout.write(`Starting the cluster for the journeys (log: ${logFile})...\n`);
  const started = Date.now();
  const deadline = started + START_TIMEOUT_MS;
  for (;;) {
    if (supervisor.exitCode !== null) throw new Error(`scripts/start-cluster.mjs exited (${supervisor.exitCode}):\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`The cluster did not start in time:\n${tail(logFile)}`);
    if (existsSync(logFile) && readFileSync(logFile, 'utf8').includes('is running')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  process.stdout.write(`The cluster is up (${((Date.now() - started) / 1000).toFixed(0)} s).\n`);
  // Workers start after this: they see the cluster as an environment (support/ports.ts).
  const shellUrl = `http://localhost:${CLUSTER_PORT_BASE}`;
  const runtime = (await (await fetch(`${shellUrl}/runtime-config.json`)).json()) as {
    apiBaseUrl: string;
    remotes: Record<string, string>;
  };
  process.env.E2E_BASE_URL = shellUrl;
  process.env.E2E_RUNTIME_CONFIG = JSON.stringify({ apiBaseUrl: runtime.apiBaseUrl, remotes: runtime.remotes });

  return async () => {
    if (supervisor.exitCode === null) {
      const exited = new Promise((r) => supervisor.once('exit', r));
      supervisor.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
    }
    if (process.env.E2E_KEEP_DATA) process.stdout.write(`Kept ${workDir}\n`);
    else rmSync(workDir, { recursive: true, force: true });
  };
}
