/**
 * What the running product is made of: the seven browser apps, their ports and
 * the runtime configuration served beside them. One place, read by the webpack
 * dev servers, scripts/*.mjs and the e2e global setup, so ports and URLs never
 * drift apart. CommonJS so that webpack configs (CJS) can require it too.
 */
const path = require('node:path');
const { PORTS, readPorts } = require('./ports.cjs');

const ROOT = path.resolve(__dirname, '..');

/** The browser apps. `name` is the federation container name; `portEnv` overrides the port (tooling/ports.cjs). */
const APPS = [
  { dir: 'shell', name: 'shell', remote: false },
  { dir: 'remote-auth', name: 'remoteAuth', remote: true },
  { dir: 'remote-marketplace', name: 'remoteMarketplace', remote: true },
  { dir: 'remote-cart', name: 'remoteCart', remote: true },
  { dir: 'remote-seller', name: 'remoteSeller', remote: true },
  { dir: 'remote-messages', name: 'remoteMessages', remote: true },
  { dir: 'remote-ops', name: 'remoteOps', remote: true },
].map((app) => ({ ...app, portEnv: PORTS[app.name].env, defaultPort: PORTS[app.name].defaultPort }));

const API = { dir: 'api', portEnv: PORTS.api.env, defaultPort: PORTS.api.defaultPort };

/**
 * The workspaces that serve or test the product without being part of it: the production
 * server of each build, and the journeys. Nothing the product runs imports them (lint).
 */
const TOOLS = [{ dir: 'page-server' }, { dir: 'e2e' }];

/**
 * A remote's screens rendered per request (the contract's `prerender: 'request'`): its build
 * puts the node bundle in dist/SERVER_DIR/SERVER_BUNDLE (never served as a file), and its
 * static server answers RENDER_PATH?url=<path and query> with the screen (page-server/).
 */
const SERVER_DIR = 'server';
const SERVER_BUNDLE = 'render-screens.cjs';
const RENDER_PATH = '/prerendered/render';

/** The browser-facing URL of an app: an explicit `<NAME>_URL` wins (a remote deployed elsewhere), else http://HOST:port. */
function appOrigin(app, ports, env) {
  const explicit = env[`${app.portEnv.replace(/_PORT$/, '')}_URL`];
  if (explicit) return explicit.replace(/\/$/, '');
  return `http://${env.PUBLIC_HOST || 'localhost'}:${ports[app.name]}`;
}

function apiOrigin(ports, env) {
  if (env.API_URL) return env.API_URL.replace(/\/$/, '');
  return `http://${env.PUBLIC_HOST || 'localhost'}:${ports.api}`;
}

/**
 * The runtime configuration JSON (shape: shared/src/browser/runtime-config.ts).
 * Served beside the shell and beside each remote; never compiled into a bundle.
 */
function buildRuntimeConfig(env = process.env) {
  const ports = readPorts(env);
  const api = apiOrigin(ports, env);
  const remotes = {};
  for (const app of APPS.filter((a) => a.remote)) remotes[app.name] = `${appOrigin(app, ports, env)}/mf-manifest.json`;
  const hosted = Boolean(env.ALGOLIA_APP_ID && env.ALGOLIA_SEARCH_KEY);
  const apiUrl = new URL(api);
  return {
    apiBaseUrl: api,
    remotes,
    search: hosted
      ? { appId: env.ALGOLIA_APP_ID, apiKey: env.ALGOLIA_SEARCH_KEY, indexName: env.ALGOLIA_INDEX_NAME || 'products' }
      : {
          // The API's own Algolia-compatible endpoint: the browser still uses the real algoliasearch client.
          appId: 'campus',
          apiKey: 'campus-search',
          indexName: env.ALGOLIA_INDEX_NAME || 'products',
          hosts: [{ url: apiUrl.host, protocol: apiUrl.protocol === 'https:' ? 'https' : 'http' }],
        },
    university: {
      name: env.UNIVERSITY_NAME || 'Campus University',
      emailDomain: env.UNIVERSITY_EMAIL_DOMAIN || 'campus.edu.ng',
    },
    remoteOverrideOrigins: remoteOverrideOrigins(env),
    ...releasePickupAfterMs(env),
  };
}

/** RELEASE_PICKUP_AFTER_MS: how old a page's configuration may be before a release is looked for (default 10 s in the shell). */
function releasePickupAfterMs(env) {
  if (!env.RELEASE_PICKUP_AFTER_MS) return {};
  const ms = Number(env.RELEASE_PICKUP_AFTER_MS);
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new Error(`RELEASE_PICKUP_AFTER_MS: ${env.RELEASE_PICKUP_AFTER_MS} is not a whole number of milliseconds`);
  return { releasePickupAfterMs: ms };
}

/**
 * REMOTE_OVERRIDE_ORIGINS: the comma-separated origins a remote's preview build may be loaded
 * from for one browser session (shared/src/browser/remote-overrides.ts). None by default.
 */
function remoteOverrideOrigins(env) {
  return (env.REMOTE_OVERRIDE_ORIGINS || '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      const url = new URL(o);
      if (url.origin !== o.replace(/\/$/, '')) throw new Error(`REMOTE_OVERRIDE_ORIGINS: ${o} is not an origin (scheme://host[:port])`);
      return url.origin;
    });
}

/** Origins the API must accept (CORS): the shell and every remote started alone. */
function browserOrigins(env = process.env) {
  const ports = readPorts(env);
  return APPS.map((app) => appOrigin(app, ports, env));
}

module.exports = {
  ROOT,
  APPS,
  API,
  TOOLS,
  SERVER_DIR,
  SERVER_BUNDLE,
  RENDER_PATH,
  readPorts,
  buildRuntimeConfig,
  browserOrigins,
  appOrigin,
  apiOrigin,
};
