/**
 * The HTTP server for one production build (a dist folder), the way the product is deployed:
 * - precompressed .br/.gz files chosen by Accept-Encoding, hashed ones cached for a year
 *   (caching.mjs);
 * - CORS open on the build's files (not on pages), because the shell fetches remotes' manifests
 *   and chunks cross-origin;
 * - security headers on every answer, a page's Content-Security-Policy from the runtime
 *   configuration's origins (security-headers.mjs);
 * - pages built by the server (pages.mjs): the shell's public pages as the build prerendered
 *   them, with a remote's own screen in its slot, and the SPA fallback (index.html) for every
 *   other page path; the runtime configuration inlined into each;
 * - /runtime-config.json (runtime-config.mjs), read again when a release moves a remote's pointer;
 * - a remote's kept releases at /releases/<version>/ (releases.mjs, tooling/releases.cjs), with
 *   the screens a release renders per request at /releases/<version>/prerendered/render, by its own bundle;
 * - for a remote whose build renders screens per request (dist/server), those screens at
 *   /prerendered/render?url=<path and query> (request-renderer.mjs), for the shell's server.
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import { APPS, RENDER_PATH, SERVER_DIR, appOrigin, readPorts } from '../../tooling/product.cjs';
import { RELEASES_PATH } from '../../tooling/releases.cjs';
import { REVALIDATE, cacheControlFor, isPagePath } from './caching.mjs';
import { sendPage } from './html-page.mjs';
import { isPreviewFetcher } from './link-preview.mjs';
import { loadPages } from './pages.mjs';
import { requestRenderer } from './request-renderer.mjs';
import { releaseFiles } from './releases.mjs';
import { runtimeConfigSource } from './runtime-config.mjs';
import { securityHeaders } from './security-headers.mjs';

/**
 * Answers RENDER_PATH with the screen `render` draws for `url` (JSON), never cached.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {NonNullable<ReturnType<typeof requestRenderer>>} render
 * @param {string | null} url
 */
function answerRender(req, res, render, url) {
  render(url).then(
    ({ status, body }) => {
      res.writeHead(status, {
        'Content-Type': status === 200 ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    (error) => {
      console.error(error);
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('The screen could not be rendered');
    },
  );
}

/**
 * Where students reach the site: APP_URL (the API's links in e-mails use it too), else the shell's
 * address from the environment (SHELL_URL, or PUBLIC_HOST and SHELL_PORT: tooling/product.cjs).
 * Never the request's Host header: pages are kept and served to everyone.
 * @param {NodeJS.ProcessEnv} env
 */
export function publicOrigin(env) {
  const shell = /** @type {(typeof APPS)[number]} */ (APPS.find((app) => app.name === 'shell'));
  return new URL(env.APP_URL || appOrigin(shell, readPorts(env), env)).origin;
}

/**
 * @typedef {{ dir: string, port: number, host?: string, env?: NodeJS.ProcessEnv,
 *   remoteScreens?: import('./remote-screens.mjs').RemoteScreensOptions,
 *   requestScreens?: import('./request-screens.mjs').RequestScreensOptions }} StaticServerOptions
 */

/**
 * Starts serving `dir` on `port` (0: any free one); resolves once it listens.
 * @param {StaticServerOptions} options
 * @returns {Promise<import('node:http').Server>}
 */
export function startStaticServer({ dir, port, host = process.env.HOST || '0.0.0.0', env = process.env, remoteScreens, requestScreens }) {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, 'index.html'))) throw new Error(`${root} has no index.html: build it first (npm run build)`);
  const configNow = runtimeConfigSource(env);
  const origin = publicOrigin(env);
  /** @param {string} configBody What depends on the configuration, built again when a release or a rollback changes it. */
  const stateFor = (configBody) => ({
    configBody,
    pageFor: loadPages(root, configBody, remoteScreens, requestScreens, origin),
    security: securityHeaders(JSON.parse(configBody), env),
  });
  let state = stateFor(configNow());
  const current = () => {
    const configBody = configNow();
    if (configBody !== state.configBody) state = stateFor(configBody);
    return state;
  };
  const renderScreen = requestRenderer(root, state.configBody);
  /** A release's own renderer of its request screens (its dist/server bundle, kept in the release), made on first use. */
  /** @type {Map<string, ReturnType<typeof requestRenderer>>} */
  const releaseRenderers = new Map();
  const releases = releaseFiles(
    root,
    env,
    (res, pathname) => {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      res.setHeader('Access-Control-Allow-Origin', '*');
    },
    (req, res, folder, url) => {
      if (!releaseRenderers.has(folder)) releaseRenderers.set(folder, requestRenderer(folder, state.configBody));
      const render = releaseRenderers.get(folder);
      if (render) answerRender(req, res, render, url);
      else {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE });
        res.end('Not found');
      }
    },
  );

  const files = sirv(root, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    // Our own fallback below decides between index.html and a 404.
    single: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      // Module Federation loads a remote's manifest, entry and chunks (and what they load) from the shell's origin.
      if (!/\.html$/i.test(pathname)) res.setHeader('Access-Control-Allow-Origin', '*');
    },
  });

  const server = createServer((req, res) => {
    const { configBody, pageFor, security } = current();
    security.common(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Max-Age': '600',
      });
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
      answerRender(req, res, renderScreen, searchParams.get('url'));
      return;
    }
    // The server's own code (the screens it renders per request) is never a file to download.
    if (pathname.startsWith(`/${SERVER_DIR}/`)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE });
      res.end('Not found');
      return;
    }
    if (pathname === '/runtime-config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': REVALIDATE });
      res.end(req.method === 'HEAD' ? undefined : configBody);
      return;
    }
    if (pathname.startsWith(RELEASES_PATH)) {
      releases(req, res, pathname.slice(RELEASES_PATH.length - 1));
      return;
    }
    const pagePath = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // Pages never come from sirv: each is the template (or what the build prerendered) with the configuration inlined.
    if (isPagePath(pagePath)) {
      const previewFetcher = isPreviewFetcher(req.headers['user-agent']);
      pageFor(`${pagePath === '/index.html' ? '/' : pagePath}${search}`, { previewFetcher }).then(
        (page) => sendPage(req, res, page, security.page(page.scriptHashes)),
        (error) => {
          console.error(error);
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('The page could not be built');
        },
      );
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE });
      res.end('Not found');
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
