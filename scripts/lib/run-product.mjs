/**
 * Starts the whole product for a measuring script (scripts/start.mjs:
 * production builds, the API with its demo data and built-in search) on
 * ports from a base, with a throwaway data directory; and signs in a demo
 * account through the API. Used by measure-search.mjs and perf.mjs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, portEnvFromBase } from './product.mjs';

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Resolves with `{ shellUrl, stop }`. `base` is the shell's port; the others follow from it
 * (tooling/ports.cjs: the remotes the next four, the API base + 1000, its Paystack sandbox base + 1010).
 * `env`: more of the product's settings (the API's and the static servers').
 */
export async function startProduct({ base, env: extra = {}, log = (line) => process.stdout.write(`${line}\n`) }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-measure-'));
  const env = {
    ...process.env,
    // The API's built-in Paystack sandbox (no PAYSTACK_SECRET_KEY) moves with the base too, so a dev server can run beside.
    ...portEnvFromBase(base),
    DATA_DIR: path.join(dataDir, 'data'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ...extra,
  };
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const shellUrl = `http://localhost:${base}`;
  const deadline = Date.now() + 15 * 60_000;
  log(`Starting the product on ports ${base}-${base + 4} and ${base + 1000} (data in ${dataDir})...`);
  while (!output.includes('Campus Marketplace is running')) {
    if (child.exitCode !== null) throw new Error(`scripts/start.mjs exited (${child.exitCode}):\n${output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`The product did not start in time:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  while (!(await answers(`${shellUrl}/runtime-config.json`))) await new Promise((r) => setTimeout(r, 300));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { shellUrl, stop };
}

/** POST /auth/login as a demo account: `{ token, refreshToken, user }` as the login form would get them. */
export async function signIn(apiBaseUrl, email, password) {
  const response = await fetch(`${apiBaseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${email} failed: HTTP ${response.status} ${await response.text()}`);
  const body = await response.json();
  return { token: body.data.token, refreshToken: body.data.refreshToken, user: body.data.user };
}
