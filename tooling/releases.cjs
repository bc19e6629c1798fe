/**
 * Releases of a remote, kept side by side, and the one pointer per remote that says which is live.
 *
 * releases/<app dir>/<version>/   a whole production build of the remote, never changed once written
 * releases/pointers.json          { "remoteCart": { "current": "1.0.0-3f2a9c1d", "history": ["1.0.0-...", ...] } }
 *
 * The runtime configuration every static server answers (and inlines into pages) points a remote
 * with a current release at `<its origin>/releases/<version>/mf-manifest.json`, which the remote's
 * own static server serves from its releases folder (page-server/). A remote without a pointer is
 * served from its dist folder, as before. `npm run release` / `npm run rollback` in a remote's
 * workspace write the pointer (scripts/release.mjs); docs/releasing.md.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** The path a release is served under on its remote's origin. */
const RELEASES_PATH = '/releases/';

/** A release's folder name: a version and the build's content hash, nothing a path could escape with. */
const RELEASE_VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;

/** @param {NodeJS.ProcessEnv} [env] */
function releasesDir(env = process.env) {
  return path.resolve(env.RELEASES_DIR || path.join(ROOT, 'releases'));
}

/** @param {NodeJS.ProcessEnv} [env] */
function pointersFile(env = process.env) {
  return path.join(releasesDir(env), 'pointers.json');
}

/**
 * @typedef {{ current: string, history: string[] }} ReleasePointer
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Record<string, ReleasePointer>}
 */
function readPointers(env = process.env) {
  const file = pointersFile(env);
  if (!fs.existsSync(file)) return {};
  const pointers = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [remote, pointer] of Object.entries(pointers)) {
    if (!pointer || !RELEASE_VERSION.test(pointer.current) || !Array.isArray(pointer.history)) {
      throw new Error(`${file}: the pointer of ${remote} is not { current, history }`);
    }
  }
  return pointers;
}

/** Writes the pointers in one step (a reader sees the old file or the new one, never half of one). */
function writePointers(pointers, env = process.env) {
  const file = pointersFile(env);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(pointers, null, 2)}\n`);
  fs.renameSync(temp, file);
}

/**
 * The configuration with each released remote's manifest URL moved to its current release
 * (on the same origin as the configured one).
 * @template {{ remotes?: Record<string, string> }} T
 * @param {T} config
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {T}
 */
function withReleasePointers(config, env = process.env) {
  const pointers = readPointers(env);
  if (!config.remotes || Object.keys(pointers).length === 0) return config;
  const remotes = { ...config.remotes };
  for (const [remote, pointer] of Object.entries(pointers)) {
    const configured = remotes[remote];
    if (!configured) continue;
    // Relative to the configured manifest: a remote served under a folder keeps its releases there too.
    remotes[remote] = new URL(`${RELEASES_PATH.slice(1)}${pointer.current}/mf-manifest.json`, configured).href;
  }
  return { ...config, remotes };
}

module.exports = { RELEASES_PATH, RELEASE_VERSION, releasesDir, pointersFile, readPointers, writePointers, withReleasePointers };
