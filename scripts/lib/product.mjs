/**
 * Helpers shared by start.mjs, dev.mjs, bundle-report.mjs and the e2e global
 * setup: is a build stale, build it, spawn a child, wait for it, stop it.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildInputs, newestMtime } from './build-inputs.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('../../tooling/product.cjs')} */
const product = require('../../tooling/product.cjs');

export const { ROOT, APPS, API, readPorts, buildRuntimeConfig, browserOrigins } = product;
export const { portEnvFromBase } = require('../../tooling/ports.cjs');

/**
 * How to run npm from a script: under npm (`npm start`, `npm test`), the same npm, by the path npm
 * gives its children; otherwise the one on PATH. `[command, ...args]`: spread it before npm's own arguments.
 */
export function npmCommand() {
  const npmCli = process.env.npm_execpath;
  return npmCli && /npm-cli\.js$/.test(npmCli) ? [process.execPath, npmCli] : ['npm'];
}

/** The file whose time says when an app was last built (buildStaleApps sets it after each build). */
const buildMarker = (app) => path.join(ROOT, app.dir, 'dist', app.remote ? 'index.html' : 'prerendered/manifest.json');

/** Missing, or older than any of its inputs (build-inputs.mjs). index.html is written last by a successful build. */
export function isBuildStale(app) {
  // The shell's build ends with its prerendered pages (tooling/webpack/write-prerendered-pages.cjs).
  const marker = buildMarker(app);
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return buildInputs(app).some((input) => newestMtime(input) > built);
}

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * Production-builds the apps whose dist is missing or stale, two at a time
 * (a build is mostly one busy core; these machines have two).
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 */
export async function buildStaleApps({ force = false, log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const release = await acquireBuildLock(log);
  try {
    return await buildLocked(force, log);
  } finally {
    release();
  }
}

const LOCK_DIR = path.join(ROOT, 'node_modules', '.cache', 'campus-build.lock');

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Two runs (npm start and a test run, say) must not write the same dist at
 * once. mkdir is atomic: the holder writes its pid; a dead holder's lock is taken over.
 */
async function acquireBuildLock(log) {
  mkdirSync(path.dirname(LOCK_DIR), { recursive: true });
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(path.join(LOCK_DIR, 'pid'), String(process.pid));
      return () => rmSync(LOCK_DIR, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let holder = 0;
      try {
        holder = Number(readFileSync(path.join(LOCK_DIR, 'pid'), 'utf8'));
      } catch {
        /* being written right now */
      }
      if (holder && !pidAlive(holder)) {
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (!told) log(`Waiting for another build (pid ${holder || '?'}) to finish...`);
      told = true;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function buildLocked(force, log) {
  const stale = APPS.filter((app) => force || isBuildStale(app));
  if (stale.length === 0) {
    log(`All ${APPS.length} apps are built and up to date.`);
    return [];
  }
  log(`Building ${stale.map((a) => a.dir).join(', ')} (production)...`);
  const queue = [...stale];
  const concurrency = Math.max(1, Number(process.env.BUILD_CONCURRENCY || 2));
  const webpackCli = require.resolve('webpack-cli/bin/cli.js');
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const started = Date.now();
      await run(process.execPath, [webpackCli, '--mode', 'production'], { cwd: path.join(ROOT, app.dir) });
      // webpack leaves a file whose content did not change as it was (index.html, often): mark the build's time,
      // the time it started: a source edited while webpack ran may not be in it, so it stays stale for the next run.
      const marker = buildMarker(app);
      if (existsSync(marker)) utimesSync(marker, new Date(started), new Date(started));
      log(`  built ${app.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, stale.length) }, worker));
  return stale;
}

/**
 * Starts a long-running child in its own process group, so a terminal's
 * Ctrl-C reaches only the supervisor, which then stops each child once
 * (a server that closes its database must not get the signal twice).
 */
export function spawnService({ name, command, args, env, cwd = ROOT, onExit, quiet = false }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  const pipe = (stream, out) => {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      if (!quiet) for (const line of lines) out.write(`${prefix}${line}\n`);
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on('exit', (code, signal) => onExit?.(code, signal));
  return child;
}

/** SIGTERM, then SIGKILL of the whole group after `graceMs`. Resolves when the child has exited. */
export function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      // Anything the child left behind in its group (npm -> sh -> tsx -> node).
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* group already empty */
      }
      resolve();
    });
    try {
      child.kill('SIGTERM');
    } catch {
      resolve();
    }
  });
}

/** Polls a URL until it answers 2xx, or throws after `timeoutMs`. */
export async function waitForHttp(url, { timeoutMs = 60_000, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url}: the process serving it exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (${lastError})`);
}

export function apiIsPresent() {
  return existsSync(path.join(ROOT, 'api', 'src', 'server.ts'));
}

/** Resolves to the ports (of those given) that something else already listens on. */
export async function busyPorts(ports) {
  const busy = [];
  for (const port of ports) {
    const free = await new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
    });
    if (!free) busy.push(port);
  }
  return busy;
}

/** A port nothing listens on right now (the system picks it), for a measuring run's own servers. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
