/**
 * The runtime configuration (shape: shared/src/browser/runtime-config.ts): built from the
 * environment when the server starts (tooling/product.cjs), or read from RUNTIME_CONFIG_FILE,
 * so nothing environment-specific is in a bundle. Inlined into every page, and served at
 * /runtime-config.json for anything else that reads it.
 */
import { readFileSync } from 'node:fs';
import { buildRuntimeConfig } from '../../tooling/product.cjs';

/**
 * The configuration's JSON text, as served.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string}
 */
export function runtimeConfigBody(env) {
  if (env.RUNTIME_CONFIG_FILE) return readFileSync(env.RUNTIME_CONFIG_FILE, 'utf8');
  return JSON.stringify(buildRuntimeConfig(env));
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
