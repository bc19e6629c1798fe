#!/usr/bin/env node
/**
 * `npm run dev`: every app in watch mode (webpack serve, development builds,
 * live reload) on the same ports as `npm start`, plus the API in watch mode.
 * Each dev server also answers /runtime-config.json from the environment.
 * Ctrl-C stops everything.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { APPS, ROOT, apiIsPresent, browserOrigins, npmCommand, readPorts, spawnService, stopChild } from './lib/product.mjs';

const require = createRequire(import.meta.url);
const webpackCli = require.resolve('webpack-cli/bin/cli.js');
const ports = readPorts();
const origins = browserOrigins();
const children = [];
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((child) => stopChild(child)));
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const onExit = (name) => (code, signal) => {
  if (!stopping) process.stdout.write(`[${name}] stopped (${signal ?? `exit code ${code}`})\n`);
};

if (apiIsPresent()) {
  const npm = npmCommand();
  children.push(
    spawnService({
      name: 'api',
      command: npm[0],
      args: [...npm.slice(1), 'run', 'dev', '-w', '@campus/api'],
      env: {
        NODE_ENV: process.env.NODE_ENV || 'development',
        PORT: String(ports.api),
        API_PORT: String(ports.api),
        APP_URL: process.env.APP_URL || origins[0],
        CORS_ORIGINS: process.env.CORS_ORIGINS || origins.join(','),
        // Watch mode is for working on it: each e-mail in the terminal too (npm start keeps them in the mailbox).
        MAIL_PRINT: process.env.MAIL_PRINT || 'true',
      },
      onExit: onExit('api'),
    }),
  );
}
for (const app of APPS) {
  children.push(
    spawnService({
      name: app.name,
      command: process.execPath,
      args: [webpackCli, 'serve', '--mode', 'development'],
      cwd: path.join(ROOT, app.dir),
      env: { NODE_ENV: 'development' },
      onExit: onExit(app.name),
    }),
  );
}

process.stdout.write(
  [
    'Development servers starting (first compile takes a minute on two cores):',
    `  Shell               http://localhost:${ports.shell}`,
    ...APPS.filter((a) => a.remote).map((a) => `  ${a.name.padEnd(19)} http://localhost:${ports[a.name]} (also works alone)`),
    `  API                 http://localhost:${ports.api}/api/v1`,
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);
