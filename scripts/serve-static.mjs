#!/usr/bin/env node
/**
 * Serves one production build (a dist folder) the way the product is deployed:
 * - precompressed .br/.gz files chosen by Accept-Encoding;
 * - hashed files cached for a year (immutable), everything else revalidated
 *   (html, json, mf-manifest.json, remoteEntry.js, the entry of a page);
 * - CORS open, because the shell fetches remotes' manifests and chunks cross-origin;
 * - SPA fallback to index.html for page paths (the shell, or a remote started alone);
 * - /runtime-config.json built from the environment at start (tooling/product.cjs),
 *   or read from RUNTIME_CONFIG_FILE, so nothing environment-specific is in a bundle.
 *
 * Usage: node scripts/serve-static.mjs <dist folder> [--port N]
 * The port defaults to the app's *_PORT variable (SHELL_PORT, AUTH_PORT, ...), then PORT.
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import sirv from 'sirv';

const require = createRequire(import.meta.url);
const { APPS, buildRuntimeConfig, readPorts } = require('../tooling/product.cjs');

/** [name].[10 hex].ext, as tooling/webpack/create-config.cjs names hashed output. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;
/** A request for a file (not a page): never answered with index.html. */
const ASSET = /\.(m?js|css|map|json|txt|ico|png|jpe?g|gif|svg|webp|avif|woff2?|br|gz|html)$/i;

function runtimeConfigBody(env) {
  if (env.RUNTIME_CONFIG_FILE) return readFileSync(env.RUNTIME_CONFIG_FILE, 'utf8');
  return JSON.stringify(buildRuntimeConfig(env));
}

/**
 * @param {{ dir: string, port: number, host?: string, env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function startStaticServer({ dir, port, host = process.env.HOST || '0.0.0.0', env = process.env }) {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, 'index.html'))) throw new Error(`${root} has no index.html: build it first (npm run build)`);
  const configBody = runtimeConfigBody(env);

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
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/runtime-config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : configBody);
      return;
    }
    files(req, res, () => {
      if (ASSET.test(pathname)) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
        res.end('Not found');
        return;
      }
      // A page path (/login, /product/x): the app's router decides what it shows, 404 included.
      req.url = '/index.html';
      files(req, res, () => {
        res.writeHead(404);
        res.end();
      });
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
