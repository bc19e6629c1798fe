/**
 * The runtime configuration (shape: shared/src/browser/runtime-config.ts): built from the
 * environment when the server starts (tooling/product.cjs), or read from RUNTIME_CONFIG_FILE,
 * so nothing environment-specific is in a bundle. Inlined into every page, and served at
 * /runtime-config.json for anything else that reads it.
 */
import { readFileSync, statSync } from 'node:fs';
import { buildRuntimeConfig } from '../../tooling/product.cjs';
import { pointersFile, readPointers, withReleasePointers } from '../../tooling/releases.cjs';

/**
 * The configuration's JSON text, as served: each released remote pointed at its current release
 * (tooling/releases.cjs).
 * @param {NodeJS.ProcessEnv} env
 * @returns {string}
 */
export function runtimeConfigBody(env) {
  const text = env.RUNTIME_CONFIG_FILE ? readFileSync(env.RUNTIME_CONFIG_FILE, 'utf8') : JSON.stringify(buildRuntimeConfig(env));
  if (Object.keys(readPointers(env)).length === 0) return text;
  return JSON.stringify(withReleasePointers(JSON.parse(text), env));
}

/**
 * What tells one version of a file from the next: its time, and its inode and size too (a pointer
 * is replaced by a rename, and a shared volume may keep times to the second only).
 * @param {string} file
 */
const changedAt = (file) => {
  try {
    const { mtimeMs, ino, size } = statSync(file);
    return `${mtimeMs}:${ino}:${size}`;
  } catch {
    return '-';
  }
};

/**
 * The configuration as it is now: read again whenever the release pointers (or RUNTIME_CONFIG_FILE)
 * change on disk, so a release or a rollback reaches the next page and the next
 * /runtime-config.json without a restart. Served with `no-cache`.
 * @param {NodeJS.ProcessEnv} env
 * @returns {() => string}
 */
export function runtimeConfigSource(env) {
  const watched = [pointersFile(env), ...(env.RUNTIME_CONFIG_FILE ? [env.RUNTIME_CONFIG_FILE] : [])];
  let stamp = '';
  let body = '';
  return () => {
    const now = watched.map(changedAt).join('|');
    if (now !== stamp || !body) {
      body = runtimeConfigBody(env);
      stamp = now;
    }
    return body;
  };
}

/** The template's preload of /runtime-config.json (tooling/webpack/index.html): where the inlined config goes. */
const CONFIG_PRELOAD = /<link rel="?preload"? href="?\/runtime-config\.json"?[^>]*>/;

/**
 * `html` with the configuration inlined (no request before the app starts) as JSON that cannot
 * close its script, in place of the template's preload of it, or at the end of <head>;
 * `extraHead` goes right after it.
 * @param {string} html
 * @param {string} configBody
 * @param {string} [extraHead]
 */
export function withRuntimeConfig(html, configBody, extraHead = '') {
  const config = `<script id="runtime-config" type="application/json">${configBody.replace(/</g, '\\u003c')}</script>${extraHead}`;
  return CONFIG_PRELOAD.test(html) ? html.replace(CONFIG_PRELOAD, () => config) : html.replace('</head>', () => `${config}</head>`);
}
