#!/usr/bin/env node
/**
 * Serves one production build (a dist folder) the way the product is deployed:
 * - precompressed .br/.gz files chosen by Accept-Encoding;
 * - hashed files cached for a year (immutable), everything else revalidated
 *   (html, json, mf-manifest.json, remoteEntry.js, the entry of a page);
 * - CORS open, because the shell fetches remotes' manifests and chunks cross-origin;
 * - the shell's public pages as the build rendered them (dist/prerendered, issue 14),
 *   SPA fallback to index.html for every other page path (the shell, or a remote started alone);
 * - on a page whose route a remote renders, that remote's own screen: built once by the
 *   remote (its dist/prerendered/screens.json, read from the remote's origin and kept a
 *   while), or rendered by the remote's server for the URL with its public data, which
 *   the page carries too (kept a few seconds); a remote that is down or slow to answer
 *   leaves the loading placeholder there instead;
 * - for a remote whose build renders screens per request (dist/server), those screens
 *   at /prerendered/render?url=<path and query> (JSON), for the shell's server;
 * - the runtime configuration built from the environment at start (tooling/product.cjs),
 *   or read from RUNTIME_CONFIG_FILE, so nothing environment-specific is in a bundle:
 *   inlined into every page (<script id="runtime-config">, no request before the app
 *   starts), and at /runtime-config.json for anything else that reads it.
 *
 * Usage: node scripts/serve-static.mjs <dist folder> [--port N]
 * The port defaults to the app's *_PORT variable (SHELL_PORT, AUTH_PORT, ...), then PORT.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import sirv from 'sirv';

const require = createRequire(import.meta.url);
const { APPS, RENDER_PATH, SERVER_BUNDLE, SERVER_DIR, buildRuntimeConfig, readPorts } = require('../tooling/product.cjs');
const { escapeHtml, headStyles, withoutStyles } = require('../tooling/html.cjs');

/** [name].[10 hex].ext, as tooling/webpack/create-config.cjs names hashed output. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;
/** A request for a file (not a page): never answered with index.html. */
const ASSET = /\.(m?js|css|map|json|txt|ico|png|jpe?g|gif|svg|webp|avif|woff2?|br|gz|html)$/i;

function runtimeConfigBody(env) {
  if (env.RUNTIME_CONFIG_FILE) return readFileSync(env.RUNTIME_CONFIG_FILE, 'utf8');
  return JSON.stringify(buildRuntimeConfig(env));
}

/** The template's preload of /runtime-config.json (tooling/webpack/index.html): where the inlined config goes. */
const CONFIG_PRELOAD = /<link rel="?preload"? href="?\/runtime-config\.json"?[^>]*>/;

/**
 * One HTML page as served: the runtime configuration inlined (as JSON that cannot
 * close the script), the prerender's placeholders filled in, compressed once.
 */
function htmlPage(html, configBody, placeholderValues, extraHead = '', { quick = false } = {}) {
  const config = `<script id="runtime-config" type="application/json">${configBody.replace(/</g, '\\u003c')}</script>${extraHead}`;
  let body = CONFIG_PRELOAD.test(html) ? html.replace(CONFIG_PRELOAD, () => config) : html.replace('</head>', () => `${config}</head>`);
  for (const [placeholder, value] of placeholderValues) body = body.split(placeholder).join(escapeHtml(value));
  const raw = Buffer.from(body);
  return {
    raw,
    // A page built for one request's screen is compressed while the student waits: quickly.
    gzip: gzipSync(raw, { level: quick ? 6 : 9 }),
    br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quick ? 5 : 11 } }),
    etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
  };
}

/** `/product/:slug` -> a RegExp for request paths. */
const patternRegExp = (pattern) => new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}/?$`);

/** How long a remote's prerendered screens are kept before they are asked for again (a new deploy shows within this). */
const REMOTE_SCREENS_TTL_MS = 30_000;
/** How soon a remote that could not answer is asked again (it may still be starting). */
const REMOTE_SCREENS_RETRY_MS = 3_000;
/** How long a page waits for a remote's screens it has never had; after that it is served with the placeholder. */
const REMOTE_SCREENS_TIMEOUT_MS = 1_500;

const isScreen = (screen) =>
  typeof screen?.markup === 'string' && typeof screen.styles === 'string' && (screen.title === undefined || typeof screen.title === 'string');

/**
 * The screens remotes prerendered (their dist/prerendered/screens.json, beside their
 * mf-manifest.json): fetched on first need, kept `ttlMs`, then refreshed in the background
 * while the kept copy is still served. A remote that cannot answer (down, slow, a 5xx)
 * keeps the screens it last gave, and is asked again after `retryMs`; one that answers
 * without screens (a 404: it prerenders none) has none.
 * @param {Record<string, string>} manifestUrls remote name -> its mf-manifest.json URL (runtime configuration)
 * @returns {(remote: string) => Promise<Record<string, { markup: string, styles: string, title?: string }>>}
 */
export function remoteScreensSource(
  manifestUrls,
  { ttlMs = REMOTE_SCREENS_TTL_MS, retryMs = REMOTE_SCREENS_RETRY_MS, timeoutMs = REMOTE_SCREENS_TIMEOUT_MS } = {},
) {
  const kept = new Map();
  /** The remote's screens, or null when it could not say. */
  async function fetchScreens(remote) {
    const manifestUrl = manifestUrls[remote];
    if (!manifestUrl) return { body: '', screens: {} };
    try {
      const response = await fetch(new URL('prerendered/screens.json', manifestUrl), { signal: AbortSignal.timeout(timeoutMs) });
      if (response.status >= 500) return null;
      if (!response.ok) return { body: '', screens: {} };
      const body = await response.text();
      const { screens } = JSON.parse(body);
      return { body, screens: Object.fromEntries(Object.entries(screens ?? {}).filter(([, screen]) => isScreen(screen))) };
    } catch {
      return null;
    }
  }
  return (remote) => {
    const entry = kept.get(remote) ?? { at: 0, body: undefined, screens: {}, pending: null };
    kept.set(remote, entry);
    const stale = Date.now() - entry.at > (entry.body === undefined ? retryMs : ttlMs);
    if (stale && !entry.pending) {
      entry.pending = fetchScreens(remote).then((answer) => {
        entry.pending = null;
        entry.at = Date.now();
        // The same answer keeps the same objects, so the pages built from them are kept too.
        if (answer && answer.body !== entry.body) {
          entry.body = answer.body;
          entry.screens = answer.screens;
        }
        return entry.screens;
      });
    }
    // Never answered yet: the page waits for this answer (timeoutMs at most); otherwise what is kept is served meanwhile.
    if (entry.pending && entry.body === undefined) return entry.pending;
    return Promise.resolve(entry.screens);
  };
}

/** How long a screen rendered for a URL is kept: the same public data for every student, for a few seconds. */
const REQUEST_SCREEN_TTL_MS = 5_000;
/** How long a page waits for its screen from the remote's server; after that it is served with the placeholder. */
const REQUEST_SCREEN_WAIT_MS = 500;
/** URLs kept at most (the query string is the visitor's to choose; a page around a screen is ~0.3 MB). */
const REQUEST_SCREENS_KEPT = 100;
/** Renders asked of the remotes at once; beyond that a page gets the placeholder (a flood of new URLs must not queue up work). */
const REQUEST_SCREENS_PENDING = 4;

const isRequestScreen = (screen) => isScreen(screen) && typeof screen.queries === 'object' && screen.queries !== null;

/**
 * Screens the remotes' servers render for one URL (the contract's `prerender: 'request'`,
 * GET <remote>/prerendered/render?url=...): kept `ttlMs` per URL (the same answer for every
 * student, so a busy page costs the remote one render every few seconds), never older, for the
 * `maxKept` URLs asked for last. A page waits `waitMs` at most; an answer that comes later is
 * kept for the next visitor. At most `maxPending` renders are asked for at once.
 * @param {Record<string, string>} manifestUrls remote name -> its mf-manifest.json URL (runtime configuration)
 * @returns {(remote: string, url: string) => Promise<{ markup: string, styles: string, title?: string, queries: object } | null>}
 */
export function requestScreenSource(
  manifestUrls,
  { ttlMs = REQUEST_SCREEN_TTL_MS, waitMs = REQUEST_SCREEN_WAIT_MS, maxKept = REQUEST_SCREENS_KEPT, maxPending = REQUEST_SCREENS_PENDING } = {},
) {
  const kept = new Map();
  let pending = 0;
  async function fetchScreen(remote, url) {
    const manifestUrl = manifestUrls[remote];
    if (!manifestUrl) return null;
    const endpoint = new URL(RENDER_PATH.replace(/^\//, ''), manifestUrl);
    endpoint.searchParams.set('url', url);
    try {
      const response = await fetch(endpoint, { signal: AbortSignal.timeout(REMOTE_SCREENS_TIMEOUT_MS) });
      if (!response.ok) return null;
      const screen = await response.json();
      return isRequestScreen(screen) ? screen : null;
    } catch {
      return null;
    }
  }
  return async (remote, url) => {
    const key = `${remote} ${url}`;
    let entry = kept.get(key);
    if (!entry || (Date.now() - entry.at > ttlMs && !entry.pending)) {
      kept.delete(key);
      if (pending >= maxPending) return null;
      pending += 1;
      const next = { at: Number.POSITIVE_INFINITY, screen: null, pending: null };
      next.pending = fetchScreen(remote, url).then((screen) => {
        pending -= 1;
        Object.assign(next, { at: Date.now(), screen, pending: null });
        return screen;
      });
      entry = next;
    }
    // Most recently asked for last: the first entries are the ones to drop.
    kept.delete(key);
    kept.set(key, entry);
    while (kept.size > maxKept) kept.delete(kept.keys().next().value);
    if (!entry.pending) return entry.screen;
    const late = new Promise((resolve) => setTimeout(resolve, waitMs, null).unref());
    return Promise.race([entry.pending, late]);
  };
}

/**
 * A remote's screens rendered per request (the contract's `prerender: 'request'`): the
 * bundle its build put in dist/server, run here for each URL the shell's server asks for.
 * Null for an app without one.
 * @returns {((url: string) => Promise<{ status: number, body: string }>) | null}
 */
function requestRenderer(root, configBody) {
  const file = path.join(root, SERVER_DIR, SERVER_BUNDLE);
  if (!existsSync(file)) return null;
  const bundle = require(file);
  bundle.configure(JSON.parse(configBody));
  const patterns = bundle.requestPaths.map(patternRegExp);
  return async (url) => {
    if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.length > 2048) return { status: 400, body: 'url must be a path' };
    if (!patterns.some((pattern) => pattern.test(new URL(url, 'http://localhost').pathname))) return { status: 404, body: 'No screen is rendered here for this path' };
    const screen = await bundle.renderAt(url);
    // The data could not be read: the page keeps its placeholder, and the screen asks again in the browser.
    if (!screen) return { status: 503, body: 'The screen\'s data could not be read' };
    const { markup, title, queries } = screen;
    return { status: 200, body: JSON.stringify({ markup: withoutStyles(markup), styles: headStyles(markup, { withGlobals: false }), ...(title ? { title } : {}), queries }) };
  };
}

/**
 * The pages of a build: the fallback (index.html) and, for the shell, what the build
 * prerendered (dist/prerendered/manifest.json): the public pages by path, the bare page
 * with start-up preloads, the placeholders that stand for runtime configuration text,
 * which remote renders which path, whose manifest a page then preloads (its URL comes
 * from the runtime configuration), and the pages with a slot for that remote's own
 * prerendered screen. Pages are built on first request and kept (per remote screen);
 * a page around a screen rendered for one URL is kept as long as that screen is.
 */
function loadPages(root, configBody, remoteScreensOptions, requestScreensOptions) {
  const config = JSON.parse(configBody);
  const dir = path.join(root, 'prerendered');
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : { pages: {}, placeholders: {}, remotePaths: [] };
  const values = { universityName: config.university?.name ?? '', universityEmailDomain: config.university?.emailDomain ?? '' };
  const placeholderValues = Object.entries(manifest.placeholders).map(([key, placeholder]) => {
    if (!(key in values)) throw new Error(`${manifestFile}: no runtime value for the placeholder "${key}"`);
    return [placeholder, values[key]];
  });
  const fillPlaceholders = (text) => placeholderValues.reduce((filled, [placeholder, value]) => filled.split(placeholder).join(value), text);
  const remotePaths = (manifest.remotePaths ?? []).map(({ pattern, remote }) => ({ test: patternRegExp(pattern), remote }));
  // A page prerendered for a pattern (`/product/:slug`) serves every path it matches.
  const pagePatterns = Object.keys(manifest.pages)
    .filter((page) => page.includes(':'))
    .map((page) => ({ test: patternRegExp(page), page }));
  const slots = manifest.slots ?? {};
  // The copy's attributes (inert, busy) come with the build that drew the slots: a build from before
  // them would be served as a live-looking form that takes typing and loses it.
  if (Object.keys(slots).length > 0 && !manifest.remoteScreen?.copyAttributes) {
    throw new Error(`${manifestFile}: remoteScreen.copyAttributes is missing; rebuild the shell (npm run build)`);
  }
  const screensOf = remoteScreensSource(config.remotes ?? {}, remoteScreensOptions);
  const screenAt = requestScreenSource(config.remotes ?? {}, requestScreensOptions);
  // Ask the remotes for their screens now (a request-rendered one at a path that is not a pattern),
  // so the first visitor does not wait for them, nor meet a remote's slow first render.
  for (const [page, slot] of Object.entries(slots)) {
    if (slot.mode !== 'request') void screensOf(slot.remote);
    else if (!page.includes(':')) void screenAt(slot.remote, page);
  }
  const fallbackFile = manifest.fallback ? path.join(dir, manifest.fallback) : path.join(root, 'index.html');
  const built = new Map();
  /** Pages built around one request's screen, kept as long as that screen is (the source keeps one object per URL). */
  const builtAround = new WeakMap();
  const templates = new Map();
  const template = (file) => {
    if (!templates.has(file)) templates.set(file, readFileSync(file, 'utf8'));
    return templates.get(file);
  };

  /** The screen for the slot of page `page` at `url`: the remote's built one, or the one its server rendered for the URL. */
  async function screenFor(slot, page, url) {
    const offered = slot.mode === 'request' ? await screenAt(slot.remote, url) : (await screensOf(slot.remote))[page];
    // A screen built with a placeholder this shell does not know would show it as text: the spinner instead.
    return offered && !/%%[A-Z_]+%%/.test(fillPlaceholders(offered.markup)) ? offered : undefined;
  }

  /** The page's HTML with its slot filled: the remote's screen (inert until the remote runs) or the placeholder. */
  function withRemoteScreen(html, slot, screen, pagePath) {
    if (!screen) return html.replace(manifest.remoteScreen.slot, () => slot.placeholder);
    const { attribute, pathAttribute, copyAttributes, slot: mark, queriesElementId, sessionStorageKey } = manifest.remoteScreen;
    const attributes = Object.entries({ [attribute]: slot.remote, [pathAttribute]: pagePath, ...copyAttributes })
      .map(([name, value]) => (value === true ? `${name}=""` : `${name}="${escapeHtml(String(value))}"`))
      .join(' ');
    let element = `<div ${attributes}>${screen.markup}</div>`;
    // Nobody to show a signed-in screen to (a guest, sent to /login once the app runs): out at once.
    if (slot.access === 'signed-in') {
      element += `<script>try{if(!localStorage.getItem(${JSON.stringify(sessionStorageKey)}))document.currentScript.previousElementSibling.remove()}catch(e){}</script>`;
    }
    const data = screen.queries ? `<script type="application/json" id="${escapeHtml(queriesElementId)}">${JSON.stringify(screen.queries).replace(/</g, '\\u003c')}</script>` : '';
    const titled = screen.title ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(screen.title)}</title>`) : html;
    return titled.replace('</head>', () => `${screen.styles}${data}</head>`).replace(mark, () => element);
  }

  return async (pathWithQuery) => {
    const [pagePath, query = ''] = pathWithQuery.split(/\?(.*)/s);
    const page = manifest.pages[pagePath] ? pagePath : pagePatterns.find((p) => p.test.test(pagePath))?.page;
    const file = page ? path.join(dir, manifest.pages[page]) : fallbackFile;
    const remote = remotePaths.find((r) => r.test.test(pagePath))?.remote;
    const slot = page ? slots[page] : undefined;
    const screen = slot ? await screenFor(slot, page, query ? `${pagePath}?${query}` : pagePath) : undefined;
    const key = `${file}|${remote ?? ''}`;
    if (slot?.mode === 'request' && screen) {
      // A page per (page, screen), the screen being the one kept for this URL.
      const kept = builtAround.get(screen);
      if (kept?.key === key) return kept.page;
    } else {
      const kept = built.get(key);
      if (kept && kept.screen === screen) return kept.page;
    }
    const html = slot ? withRemoteScreen(template(file), slot, screen, pagePath) : template(file);
    const remoteManifest = remote ? config.remotes?.[remote] : undefined;
    const preload = remoteManifest ? `<link rel="preload" href="${escapeHtml(remoteManifest)}" as="fetch" crossorigin="anonymous" fetchpriority="low" />` : '';
    const quick = slot?.mode === 'request' && screen !== undefined;
    const result = htmlPage(html, configBody, placeholderValues, preload, { quick });
    if (quick) builtAround.set(screen, { key, page: result });
    else built.set(key, { screen, page: result });
    return result;
  };
}

function sendPage(req, res, page) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepts) ? ['br', page.br] : /\bgzip\b/.test(accepts) ? ['gzip', page.gzip] : [null, page.raw];
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', ETag: page.etag };
  if (req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * @param {{ dir: string, port: number, host?: string, env?: NodeJS.ProcessEnv,
 *   remoteScreens?: { ttlMs?: number, retryMs?: number, timeoutMs?: number },
 *   requestScreens?: { ttlMs?: number, waitMs?: number, maxKept?: number, maxPending?: number } }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function startStaticServer({ dir, port, host = process.env.HOST || '0.0.0.0', env = process.env, remoteScreens, requestScreens }) {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, 'index.html'))) throw new Error(`${root} has no index.html: build it first (npm run build)`);
  const configBody = runtimeConfigBody(env);
  const pageFor = loadPages(root, configBody, remoteScreens, requestScreens);
  const renderScreen = requestRenderer(root, configBody);

  const files = sirv(root, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    // Our own fallback below decides between index.html and a 404.
    single: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Allow-Headers': '*', 'Access-Control-Max-Age': '600' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const { pathname, search, searchParams } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === RENDER_PATH && renderScreen) {
      renderScreen(searchParams.get('url')).then(
        ({ status, body }) => {
          res.writeHead(status, { 'Content-Type': status === 200 ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        (error) => {
          console.error(error);
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end('The screen could not be rendered');
        },
      );
      return;
    }
    // The server's own code (the screens it renders per request) is never a file to download.
    if (pathname.startsWith(`/${SERVER_DIR}/`)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
      return;
    }
    if (pathname === '/runtime-config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : configBody);
      return;
    }
    const pagePath = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // Pages never come from sirv: each is the template (or what the build prerendered) with the configuration inlined.
    // (What the shell's build wrote in prerendered/ is never served as a file; a remote's screens.json is.)
    if (!ASSET.test(pagePath) || pagePath === '/index.html' || (pagePath.startsWith('/prerendered/') && pagePath !== '/prerendered/screens.json')) {
      pageFor(`${pagePath === '/index.html' ? '/' : pagePath}${search}`).then(
        (page) => sendPage(req, res, page),
        (error) => {
          console.error(error);
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('The page could not be built');
        },
      );
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function parseArgs(argv) {
  const args = { dir: undefined, port: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--port') args.port = Number(argv[++i]);
    else if (!args.dir) args.dir = argv[i];
  }
  return args;
}

/** The app's default port: its *_PORT variable when the folder is one of ours. */
function defaultPort(dir) {
  const appDir = path.basename(path.dirname(path.resolve(dir)));
  const app = APPS.find((a) => a.dir === appDir);
  if (app) return readPorts()[app.name];
  return Number(process.env.PORT || 8080);
}

async function main() {
  const { dir, port: portArg } = parseArgs(process.argv.slice(2));
  if (!dir) {
    process.stderr.write('Usage: node scripts/serve-static.mjs <dist folder> [--port N]\n');
    process.exit(2);
  }
  const port = portArg ?? defaultPort(dir);
  const server = await startStaticServer({ dir, port });
  process.stdout.write(`Serving ${path.relative(process.cwd(), path.resolve(dir)) || '.'} on http://localhost:${port}\n`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
