#!/usr/bin/env node
/**
 * Release and roll back one remote without touching the others (docs/releasing.md).
 *
 *   npm run release -w @campus/remote-cart     build, copy into releases/remote-cart/<version>/, point the runtime configuration at it
 *   npm run rollback -w @campus/remote-cart    point it back at the release before
 *
 *   node scripts/release.mjs release <app dir> [--dist <a build folder>] [--keep N]
 *   node scripts/release.mjs rollback <app dir>
 *
 * <version> is the remote's package version and the first 10 hex digits of its build's content
 * (manifest and entry), so the same build is the same release and a folder never changes once
 * written. The pointer (tooling/releases.cjs) is one file, replaced in one step; every static
 * server reads it again on its next page or /runtime-config.json, so a browser picks the release
 * up on its next page load (or, in a page open for a while, before it first mounts that remote).
 * The last N releases are kept (RELEASES_KEEP, default 5); the live one and those rollback can
 * reach are never removed.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const require = createRequire(import.meta.url);
const { APPS } = require('../tooling/product.cjs');
const { readPointers, releasesDir, writePointers } = require('../tooling/releases.cjs');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** How many releases of a remote are kept on disk by default. */
export const DEFAULT_KEEP = 5;

/** @param {string} appDir */
function remoteOf(appDir) {
  const app = APPS.find((a) => a.dir === appDir);
  if (!app || !app.remote) throw new Error(`${appDir} is not a remote (tooling/product.cjs): only remotes are released on their own`);
  return app;
}

/** The release name of a build: package version + content hash of what the shell reads first. */
export function releaseVersion(appDir, distDir) {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, appDir, 'package.json'), 'utf8'));
  const hash = createHash('sha256');
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
    const full = path.join(distDir, file);
    if (!existsSync(full)) throw new Error(`${distDir} has no ${file}: not a remote's production build`);
    hash.update(readFileSync(full));
  }
  return `${pkg.version}-${hash.digest('hex').slice(0, 10)}`;
}

function build(appDir) {
  const webpackCli = require.resolve('webpack-cli/bin/cli.js');
  const result = spawnSync(process.execPath, [webpackCli, '--mode', 'production'], { cwd: path.join(ROOT, appDir), stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the build of ${appDir} failed`);
}

/**
 * Copies a build into its release folder (a new folder only: an existing release is never
 * rewritten), points the remote at it and prunes old releases.
 * @param {{ appDir: string, distDir?: string, keep?: number, env?: NodeJS.ProcessEnv }} options
 * @returns {{ version: string, previous: string | undefined }}
 */
export function release({ appDir, distDir, keep = DEFAULT_KEEP, env = process.env }) {
  const app = remoteOf(appDir);
  const dist = path.resolve(distDir ?? path.join(ROOT, appDir, 'dist'));
  const version = releaseVersion(appDir, dist);
  const folder = path.join(releasesDir(env), appDir, version);
  if (!existsSync(folder)) {
    mkdirSync(path.dirname(folder), { recursive: true });
    // Copied beside it, then renamed: a server never sees half a release.
    const temp = `${folder}.${process.pid}.partial`;
    rmSync(temp, { recursive: true, force: true });
    cpSync(dist, temp, { recursive: true });
    renameSync(temp, folder);
  }
  const pointers = readPointers(env);
  const previous = pointers[app.name]?.current;
  // The history is in release order; the last `keep` stay reachable by rollback, the rest go.
  const history = [...(pointers[app.name]?.history ?? []).filter((v) => v !== version), version].slice(-keep);
  pointers[app.name] = { current: version, history };
  writePointers(pointers, env);
  removeReleasesOutside(path.dirname(folder), new Set(history));
  return { version, previous };
}

/**
 * Points the remote back at the release before the live one; with none before it, removes the
 * pointer (the remote is then served from its dist folder, as before its first release).
 * @param {{ appDir: string, env?: NodeJS.ProcessEnv }} options
 * @returns {{ from: string, to: string | undefined }}
 */
export function rollback({ appDir, env = process.env }) {
  const app = remoteOf(appDir);
  const pointers = readPointers(env);
  const pointer = pointers[app.name];
  if (!pointer) throw new Error(`${appDir} has no release to roll back from`);
  const history = pointer.history.filter((v) => v !== pointer.current);
  const to = history.at(-1);
  if (to) pointers[app.name] = { current: to, history };
  else delete pointers[app.name];
  writePointers(pointers, env);
  return { from: pointer.current, to };
}

/** Removes every release folder of a remote that its history no longer names. */
function removeReleasesOutside(dir, kept) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !kept.has(entry.name) && !entry.name.endsWith('.partial'))
      rmSync(path.join(dir, entry.name), { recursive: true });
  }
}

function parseArgs(argv) {
  const [command, appDir, ...rest] = argv;
  const options = { command, appDir, distDir: undefined, keep: Number(process.env.RELEASES_KEEP || DEFAULT_KEEP) };
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--dist') options.distDir = rest[++i];
    else if (rest[i] === '--keep') options.keep = Number(rest[++i]);
    else throw new Error(`unknown option ${rest[i]}`);
  }
  if (!['release', 'rollback'].includes(command) || !appDir)
    throw new Error('usage: release.mjs release|rollback <app dir> [--dist <folder>] [--keep N]');
  if (!Number.isInteger(options.keep) || options.keep < 1) throw new Error('--keep must be a whole number of releases, 1 or more');
  return options;
}

async function main() {
  const { command, appDir, distDir, keep } = parseArgs(process.argv.slice(2));
  if (command === 'release') {
    if (!distDir) build(appDir);
    const { version, previous } = release({ appDir, distDir, keep });
    process.stdout.write(
      `${appDir}: released ${version}${previous ? ` (was ${previous})` : ''}; roll back with npm run rollback -w @campus/${appDir}\n`,
    );
  } else {
    const { from, to } = rollback({ appDir });
    process.stdout.write(`${appDir}: rolled back from ${from} to ${to ?? 'its dist build (no earlier release kept)'}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`release: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
