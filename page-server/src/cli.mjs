#!/usr/bin/env node
/**
 * Serves one app's production build.
 * Usage: node page-server/src/cli.mjs <dist folder> [--port N]
 * The port defaults to the app's *_PORT variable (SHELL_PORT, AUTH_PORT, ...; tooling/ports.cjs), then PORT.
 */
import path from 'node:path';
import { APPS, readPorts } from '../../tooling/product.cjs';
import { startStaticServer } from './server.mjs';

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ dir: string | undefined, port: number | undefined }} */
  const args = { dir: undefined, port: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--port') args.port = Number(argv[++i]);
    else if (!args.dir) args.dir = argv[i];
  }
  return args;
}

/**
 * The app's default port: its *_PORT variable when the folder is one of ours.
 * @param {string} dir
 */
function defaultPort(dir) {
  const appDir = path.basename(path.dirname(path.resolve(dir)));
  const app = APPS.find((a) => a.dir === appDir);
  if (app) return readPorts()[app.name];
  return Number(process.env.PORT || 8080);
}

async function main() {
  const { dir, port: portArg } = parseArgs(process.argv.slice(2));
  if (!dir) {
    process.stderr.write('Usage: node page-server/src/cli.mjs <dist folder> [--port N]\n');
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

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
