/**
 * Test helpers: a stand-in remote origin on 127.0.0.1 (any free port), a clock the caches age
 * entries by, and small builds (dist folders) written to a temporary folder.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A server on 127.0.0.1:0 that answers with `handler`; `manifestUrl` is where its
 * mf-manifest.json would be (the runtime configuration's remote URL).
 * @param {import('node:http').RequestListener} handler
 */
export async function standInRemote(handler) {
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${port}`,
    manifestUrl: `http://127.0.0.1:${port}/mf-manifest.json`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

/** A clock for lru-cache's `perf` option. (It never starts at 0: the cache treats a start of 0 as "no age".) */
export function fakeClock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (/** @type {number} */ ms) => (now += ms) };
}

/** Resolves once `check` passes (it throws until then), or rejects with its last error after `timeoutMs`. */
export async function eventually(/** @type {() => unknown} */ check, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** The template's preload of the configuration, as tooling/webpack/index.html writes it. */
export const TEMPLATE =
  '<!doctype html><html><head><title>Campus Marketplace</title><link rel="preload" href="/runtime-config.json" as="fetch" crossorigin="anonymous"></head><body><div id="root"></div></body></html>';

/** The loading placeholder a shell's page keeps in a remote's slot. */
export const SPINNER = '<div data-remote-screen="remoteAuth"><div role="status" data-testid="page-spinner"></div></div>';

/**
 * A build's dist folder: `files` (path -> content) in a new temporary folder.
 * @param {Record<string, string | Buffer>} files
 */
export function writeBuild(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-server-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** The shell's manifest.remoteScreen (shell/src/prerender/placeholders.ts). */
export const REMOTE_SCREEN_MARKS = {
  attribute: 'data-remote-screen',
  pathAttribute: 'data-screen-path',
  slot: '%%REMOTE_SCREEN%%',
  copyAttributes: { inert: true, 'aria-busy': 'true' },
  queriesElementId: 'server-queries',
  sessionStorageKey: 'campus.token',
  storedSessionAttribute: 'data-stored-session',
  guestRedirectPath: '/login',
  returnParam: 'next',
};

/**
 * A shell build as its prerender step writes one: the page template, the fallback app.html, each
 * prerendered page (`pages`: URL pattern -> [file, the HTML inside #root]) and the manifest.
 */
function prerenderedShellBuild({ pages, placeholders = {}, remotePaths, slots }) {
  const page = (body) => TEMPLATE.replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  const files = { 'index.html': TEMPLATE, 'prerendered/app.html': TEMPLATE };
  for (const [file, body] of Object.values(pages)) files[`prerendered/${file}`] = page(body);
  files['prerendered/manifest.json'] = JSON.stringify({
    pages: Object.fromEntries(Object.entries(pages).map(([pattern, [file]]) => [pattern, file])),
    fallback: 'app.html',
    placeholders,
    remotePaths,
    remoteScreen: REMOTE_SCREEN_MARKS,
    slots,
  });
  return writeBuild(files);
}

/** A shell build whose one prerendered page is /product/:slug, its screen drawn per request by remoteMarketplace. */
export function productPageBuild() {
  return prerenderedShellBuild({
    pages: { '/product/:slug': ['product.html', '%%REMOTE_SCREEN%%'] },
    remotePaths: [{ pattern: '/product/:slug', remote: 'remoteMarketplace' }],
    slots: { '/product/:slug': { remote: 'remoteMarketplace', placeholder: SPINNER, mode: 'request', access: 'signed-in' } },
  });
}

/**
 * A shell build with a prerendered /login page whose slot the auth remote's screen fills, and a
 * signed-in /orders page whose slot the cart remote's would (no screen offered: its placeholder).
 */
export function shellBuild() {
  return prerenderedShellBuild({
    pages: {
      '/': ['home.html', '<h1>Welcome to %%UNIVERSITY_NAME%%</h1>'],
      '/login': ['login.html', '<header>Campus</header>%%REMOTE_SCREEN%%'],
      '/orders': ['orders.html', '<header>Campus</header>%%REMOTE_SCREEN%%'],
    },
    placeholders: { universityName: '%%UNIVERSITY_NAME%%', universityEmailDomain: '%%UNIVERSITY_EMAIL_DOMAIN%%' },
    remotePaths: [
      { pattern: '/login', remote: 'remoteAuth' },
      { pattern: '/orders', remote: 'remoteCart' },
    ],
    slots: {
      '/login': { remote: 'remoteAuth', placeholder: SPINNER },
      '/orders': { remote: 'remoteCart', placeholder: SPINNER, access: 'signed-in' },
    },
  });
}
