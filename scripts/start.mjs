#!/usr/bin/env node
/**
 * `npm start`: the whole product on embedded defaults, from production builds.
 * Builds any app whose dist is missing or older than its sources, starts the
 * API and one static server per app, prints the addresses, and stops every
 * child cleanly on Ctrl-C / SIGTERM.
 *
 * Environment (all optional): SHELL_PORT 3000, AUTH_PORT 3001, MARKETPLACE_PORT 3002,
 * CART_PORT 3003, SELLER_PORT 3004, MESSAGES_PORT 3005, OPS_PORT 3006, API_PORT 4000, UNIVERSITY_NAME, UNIVERSITY_EMAIL_DOMAIN,
 * ALGOLIA_APP_ID / ALGOLIA_SEARCH_KEY, and everything the API reads (docs/api.md).
 * START_STATE_FILE: write children's pids and commands there (the e2e journeys use it
 * to stop and restart one remote).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  APPS,
  ROOT,
  apiIsPresent,
  npmCommand,
  busyPorts,
  browserOrigins,
  buildRuntimeConfig,
  buildStaleApps,
  readPorts,
  spawnService,
  stopChild,
  waitForHttp,
} from './lib/product.mjs';

const log = (line) => process.stdout.write(`${line}\n`);
const ports = readPorts();
const origins = browserOrigins();
const shellOrigin = origins[0];
/** @type {{ name: string, port: number, url: string, readyUrl: string, command: string, args: string[], env: Record<string, string>, child?: import('node:child_process').ChildProcess }[]} */
const services = [];
let stopping = false;
let ready = false;

function planServices() {
  if (apiIsPresent()) {
    const [npm, ...npmArgs] = npmCommand();
    services.push({
      name: 'api',
      port: ports.api,
      url: `http://localhost:${ports.api}`,
      readyUrl: `http://127.0.0.1:${ports.api}/api/v1/health`,
      command: npm,
      // --silent: without npm's banner (the script's name and command) in the summary.
      args: [...npmArgs, '--silent', 'start', '-w', '@campus/api'],
      env: {
        // The one-command product runs with the API's development features (mailbox, demo accounts,
        // the Paystack sandbox); an API started any other way defaults to production.
        NODE_ENV: process.env.NODE_ENV || 'development',
        PORT: String(ports.api),
        API_PORT: String(ports.api),
        APP_URL: process.env.APP_URL || shellOrigin,
        CORS_ORIGINS: process.env.CORS_ORIGINS || origins.join(','),
        // After the summary, only warnings and errors (LOG_LEVEL=info for a line per request);
        // e-mails stay in the development mailbox (MAIL_PRINT=true prints them too).
        LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      },
    });
  } else {
    log('api/src/server.ts is not there yet: starting the browser apps without the API.');
  }
  for (const app of APPS) {
    const port = ports[app.name];
    services.push({
      name: app.name,
      port,
      url: `http://localhost:${port}`,
      readyUrl: `http://127.0.0.1:${port}/runtime-config.json`,
      command: process.execPath,
      args: [path.join(ROOT, 'page-server', 'src', 'cli.mjs'), path.join(ROOT, app.dir, 'dist'), '--port', String(port)],
      env: {},
    });
  }
}

function writeState() {
  const file = process.env.START_STATE_FILE;
  if (!file) return;
  const state = {
    supervisorPid: process.pid,
    services: services.map(({ name, port, url, readyUrl, command, args, env, child }) => ({
      name,
      port,
      url,
      readyUrl,
      command,
      args,
      env,
      pid: child?.pid ?? null,
    })),
  };
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  log('\nStopping...');
  await Promise.all(services.filter((s) => s.child).map((s) => stopChild(s.child)));
  log('Stopped.');
  process.exit(exitCode);
}

async function main() {
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  planServices();
  const busy = await busyPorts(services.map((s) => s.port));
  if (busy.length > 0) {
    throw new Error(
      `port ${busy.join(', ')} already in use (another npm start or test run?). Stop it, or choose other ports: SHELL_PORT, AUTH_PORT, MARKETPLACE_PORT, CART_PORT, SELLER_PORT, MESSAGES_PORT, OPS_PORT, API_PORT.`,
    );
  }
  await buildStaleApps({ log });
  for (const service of services) {
    service.child = spawnService({
      name: service.name,
      command: service.command,
      args: service.args,
      env: service.env,
      onExit: (code, signal) => {
        if (stopping) return;
        const how = signal ?? `exit code ${code}`;
        if (!ready) {
          log(`${service.name} stopped while starting (${how}).`);
          void stopAll(1);
        } else {
          // The rest of the product keeps running: that is the point of separate remotes.
          log(`${service.name} stopped (${how}); the other parts keep running.`);
        }
      },
    });
  }
  writeState();

  await Promise.all(
    services.map((s) =>
      waitForHttp(s.readyUrl, {
        timeoutMs: s.name === 'api' ? 180_000 : 30_000,
        isAlive: () => s.child?.exitCode === null && s.child?.signalCode === null,
      }),
    ),
  );
  ready = true;

  const config = buildRuntimeConfig();
  log('\nCampus Marketplace is running:');
  log(`  Shell (open this)   ${services.find((s) => s.name === 'shell')?.url}`);
  for (const app of APPS.filter((a) => a.remote)) log(`  ${app.name.padEnd(19)} ${config.remotes[app.name]}`);
  const api = services.find((s) => s.name === 'api');
  if (api) log(`  API                 ${api.url}/api/v1 (health: ${api.url}/api/v1/health)`);
  if (api && !process.env.SMTP_URL && (process.env.NODE_ENV || 'development') !== 'production') {
    log(`  E-mails             ${api.url}/dev/mailbox (verification codes, reset links, orders)`);
  }
  log(`  University          ${config.university.name} (@${config.university.emailDomain})`);
  log('Press Ctrl-C to stop everything.\n');
}

main().catch((error) => {
  process.stderr.write(`\nCould not start: ${error instanceof Error ? error.message : String(error)}\n`);
  void stopAll(1);
});
