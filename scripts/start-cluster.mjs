#!/usr/bin/env node
/**
 * `npm run start:cluster`: the product in its production shape, on one machine and without docker
 * (docs/deploying.md):
 * - PostgreSQL (Debian's server programs), Redis (Debian's redis-server) and an S3-compatible store
 *   (s3rver), each its own process with its data in a throwaway directory;
 * - the Paystack sandbox as a process of its own, standing in for Paystack (all instances share it);
 * - migrations (and, outside production, the demo accounts and listings) applied once, before any
 *   API instance starts;
 * - API_INSTANCES API instances (default 2) on DATABASE_URL, REDIS_URL and S3_*;
 * - the apps' production builds (built when stale, as `npm start` builds them), each on its static server;
 * - nginx (Debian's nginx-light) in front of it all: gzip, cache headers, the instances balanced with
 *   passive health checks. nginx runs as the current user, its configuration, pid and logs in the
 *   cluster's directory.
 * A supervisor, like systemd's Restart=always, starts an API instance again a moment after it dies.
 *
 * Environment (all optional): CLUSTER_PORT_BASE 8000 (ports: scripts/lib/cluster.mjs), API_INSTANCES 2,
 * NODE_ENV development (test for the journeys), PUBLIC_HOST localhost, SMTP_URL (else each instance
 * keeps its own development mailbox), CLUSTER_STATE_FILE (the addresses and the instances' pids, as
 * JSON: the journeys read it), CLUSTER_KEEP_DATA=1 keeps the directory, and what the API reads
 * (docs/api.md). Ctrl-C / SIGTERM stops everything.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PHOTOS_PATH, PHOTO_BUCKET, clusterPorts, nginxConfig, publicPortEnv } from './lib/cluster.mjs';
import { startPostgres } from './lib/postgres-server.mjs';
import { APPS, ROOT, browserOrigins, busyPorts, buildStaleApps, run, spawnService, stopChild, waitForHttp } from './lib/product.mjs';

const require = createRequire(import.meta.url);
const log = (line) => process.stdout.write(`${line}\n`);

const ports = clusterPorts(Number(process.env.CLUSTER_PORT_BASE || 8000), Number(process.env.API_INSTANCES || 2));
const host = process.env.PUBLIC_HOST || 'localhost';
const nodeEnv = process.env.NODE_ENV || 'development';
const publicUrl = (port) => `http://${host}:${port}`;
const apiUrl = publicUrl(ports.api);
const shellUrl = publicUrl(ports.apps.shell.public);
/** The key the instances and the sandbox share (a test key: the sandbox takes no other). */
const SANDBOX_KEY = 'sk_test_campus_cluster_sandbox';
/** s3rver's own credentials (it checks request signatures against them). */
const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const workDir = mkdtempSync(path.join(tmpdir(), 'campus-cluster-'));
// PostgreSQL runs as its own user under root: it must reach its directory inside this one.
chmodSync(workDir, 0o755);

/** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
const children = [];
/** @type {{ index: number, port: number, child: import('node:child_process').ChildProcess | null, restarts: number }[]} */
const instances = [];
let postgres = null;
let stopping = false;
let ready = false;

/** The processes' environment: the public addresses (tooling/product.cjs reads them), nothing of `npm start`'s ports. */
const baseEnv = { ...publicPortEnv(ports), PUBLIC_HOST: host, NODE_ENV: nodeEnv };

function writeState() {
  const file = process.env.CLUSTER_STATE_FILE;
  if (!file) return;
  const state = {
    supervisorPid: process.pid,
    ready,
    workDir,
    // What a load run or a fault journey reaches behind the proxy (npm run load: api/scripts/load.ts).
    databaseUrl: postgres?.url ?? null,
    paystackUrl: `http://127.0.0.1:${ports.paystackSandbox}`,
    // The sandbox's own test key (it takes no live one): the fault run sets its outage with it.
    paystackKey: SANDBOX_KEY,
    redisPort: ports.redis,
    s3Url: `http://127.0.0.1:${ports.s3}`,
    // The dependencies' processes (a fault run pauses them: api/scripts/load.ts --faults).
    services: Object.fromEntries(children.filter((c) => !c.name.startsWith('api-')).map((c) => [c.name, c.child.pid ?? null])),
    postgresDataDir: path.join(workDir, 'postgres', 'data'),
    shellUrl,
    apiUrl,
    apps: Object.fromEntries(APPS.map((app) => [app.name, publicUrl(ports.apps[app.name].public)])),
    apiInstances: instances.map(({ index, port, child, restarts }) => ({ index, port, pid: child?.pid ?? null, restarts })),
  };
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
}

function startChild(name, command, args, env, onExit) {
  const child = spawnService({
    name,
    command,
    args,
    env: { ...baseEnv, ...env },
    onExit: (code, signal) => {
      if (stopping) return;
      const how = signal ?? `exit code ${code}`;
      if (onExit) onExit(how);
      else if (!ready) {
        log(`${name} stopped while starting (${how}).`);
        void stopAll(1);
      } else log(`${name} stopped (${how}).`);
    },
  });
  children.push({ name, child });
  return child;
}

const tsx = ['--import', 'tsx'];

function apiEnv(dependencies) {
  return {
    DATABASE_URL: dependencies.databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    S3_BUCKET: PHOTO_BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PUBLIC_URL: `${apiUrl}${PHOTOS_PATH.replace(/\/$/, '')}`,
    PAYSTACK_SECRET_KEY: SANDBOX_KEY,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${ports.paystackSandbox}`,
    APP_URL: shellUrl,
    API_PUBLIC_URL: apiUrl,
    CORS_ORIGINS: process.env.CORS_ORIGINS || browserOrigins({ ...process.env, ...baseEnv }).join(','),
    // nginx, the one proxy in front, is on this machine: its X-Forwarded-For names the student.
    TRUST_PROXY: process.env.TRUST_PROXY || 'loopback',
  };
}

function startInstance(instance, dependencies) {
  instance.child = startChild(
    `api-${instance.index + 1}`,
    process.execPath,
    [...tsx, path.join('api', 'src', 'server.ts')],
    { ...apiEnv(dependencies), PORT: String(instance.port), HOST: '127.0.0.1', DATA_DIR: path.join(workDir, `api-${instance.index + 1}`) },
    (how) => {
      if (!ready) {
        // A start that fails (a configuration error, say) would fail again: stop and say so.
        log(`api-${instance.index + 1} stopped while starting (${how}).`);
        void stopAll(1);
        return;
      }
      log(`api-${instance.index + 1} stopped (${how}); nginx sends its requests to the others. Starting it again in 2 s.`);
      instance.child = null;
      writeState();
      setTimeout(() => {
        if (stopping) return;
        instance.restarts += 1;
        startInstance(instance, dependencies);
        writeState();
      }, 2000);
    },
  );
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  log('\nStopping the cluster...');
  // nginx and the instances first, then what they use.
  const order = ['nginx', 'api-', 'app-', 'paystack-sandbox', 's3', 'redis'];
  for (const prefix of order) {
    await Promise.all(children.filter((c) => c.name.startsWith(prefix)).map((c) => stopChild(c.child)));
  }
  try {
    postgres?.stop();
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
  }
  if (process.env.CLUSTER_KEEP_DATA) log(`Kept ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
  log('Stopped.');
  process.exit(exitCode);
}

function checkNginx() {
  const found = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  if (found.error) throw new Error("nginx is not installed: apt-get install nginx-light (Debian's package; .ci/run installs it)");
}

async function main() {
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  checkNginx();
  const all = [
    ...Object.values(ports.apps).flatMap((a) => [a.public, a.internal]),
    ports.api,
    ports.paystackSandbox,
    ...ports.apiInstances,
    ports.postgres,
    ports.redis,
    ports.s3,
  ];
  const busy = await busyPorts(all);
  if (busy.length > 0)
    throw new Error(`port ${busy.join(', ')} already in use: stop what uses it, or move the cluster with CLUSTER_PORT_BASE`);
  log(`The cluster's directory: ${workDir}`);
  await buildStaleApps({ log });

  // The parts the instances stand on.
  const started = Date.now();
  postgres = startPostgres({ dir: path.join(workDir, 'postgres'), port: ports.postgres });
  log(`PostgreSQL on 127.0.0.1:${ports.postgres}`);
  mkdirSync(path.join(workDir, 'redis'));
  startChild(
    'redis',
    'redis-server',
    ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', path.join(workDir, 'redis')],
    {},
  );
  mkdirSync(path.join(workDir, 's3'));
  const s3rver = require.resolve('s3rver/bin/s3rver.js', { paths: [path.join(ROOT, 'api')] });
  startChild(
    's3',
    process.execPath,
    [s3rver, '-d', path.join(workDir, 's3'), '-a', '127.0.0.1', '-p', String(ports.s3), '--configure-bucket', PHOTO_BUCKET, '--silent'],
    {},
  );
  startChild('paystack-sandbox', process.execPath, [...tsx, path.join('api', 'scripts', 'paystack-sandbox.ts')], {
    PAYSTACK_SECRET_KEY: SANDBOX_KEY,
    PAYSTACK_SANDBOX_PORT: String(ports.paystackSandbox),
    PAYSTACK_SANDBOX_PUBLIC_URL: publicUrl(ports.paystackSandbox),
    // Paystack sends its webhooks to the public address: here, the balancer.
    PAYSTACK_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${ports.api}/api/v1/payments/webhook`,
    PAYSTACK_SANDBOX_STATE_FILE: path.join(workDir, 'paystack-sandbox.json'),
  });
  await waitForPort('Redis', ports.redis);
  await waitForPort('s3rver', ports.s3);
  const dependencies = { databaseUrl: postgres.url };

  // Migrations once, before any instance starts (each instance then finds nothing to apply).
  log(nodeEnv === 'production' ? 'Applying the migrations...' : 'Applying the migrations and seeding the demo data...');
  await run(
    process.execPath,
    [...tsx, path.join('api', 'scripts', 'prepare-database.ts'), ...(nodeEnv === 'production' ? [] : ['--demo-data'])],
    {
      env: { ...process.env, ...baseEnv, ...apiEnv(dependencies), DATA_DIR: path.join(workDir, 'prepare'), LOG_LEVEL: 'warn' },
    },
  );

  ports.apiInstances.forEach((port, index) => instances.push({ index, port, child: null, restarts: 0 }));
  for (const instance of instances) startInstance(instance, dependencies);
  for (const app of APPS) {
    startChild(
      `app-${app.name}`,
      process.execPath,
      [path.join(ROOT, 'page-server', 'src', 'cli.mjs'), path.join(ROOT, app.dir, 'dist'), '--port', String(ports.apps[app.name].internal)],
      { HOST: '127.0.0.1' },
    );
  }
  const nginxFile = path.join(workDir, 'nginx.conf');
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(workDir, 'nginx-temp', dir), { recursive: true });
  // As root, nginx's workers would become `nobody`, who cannot write its temporary files here: they stay the current user.
  const user = process.getuid?.() === 0 ? 'root' : undefined;
  writeFileSync(nginxFile, nginxConfig({ ports, workDir, user, nameUpstream: nodeEnv !== 'production' }));
  startChild('nginx', 'nginx', ['-c', nginxFile, '-p', workDir, '-e', path.join(workDir, 'nginx-error.log')], {});
  writeState();

  // Each instance on its own port, then every public address through nginx.
  await Promise.all(
    instances.map((i) => waitForHttp(`http://127.0.0.1:${i.port}/api/v1/health`, { timeoutMs: 180_000, isAlive: () => Boolean(i.child) })),
  );
  await Promise.all([
    waitForHttp(`http://127.0.0.1:${ports.api}/api/v1/health`, { timeoutMs: 30_000 }),
    ...APPS.map((app) => waitForHttp(`http://127.0.0.1:${ports.apps[app.name].public}/runtime-config.json`, { timeoutMs: 60_000 })),
  ]);
  ready = true;
  writeState();

  log(`\nCampus Marketplace (cluster) is running, started in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  log(`  Shell (open this)   ${shellUrl}`);
  for (const app of APPS.filter((a) => a.remote)) log(`  ${app.name.padEnd(19)} ${publicUrl(ports.apps[app.name].public)}`);
  log(`  API (nginx)         ${apiUrl}/api/v1 -> ${instances.length} instances on ports ${ports.apiInstances.join(', ')}`);
  log(`  PostgreSQL          ${postgres.url}`);
  log(`  Redis               redis://127.0.0.1:${ports.redis}`);
  log(`  S3 (s3rver)         http://127.0.0.1:${ports.s3}/${PHOTO_BUCKET} (public: ${apiUrl}${PHOTOS_PATH})`);
  log(`  Paystack sandbox    ${publicUrl(ports.paystackSandbox)}`);
  log(`  nginx               ${nginxFile}`);
  if (nodeEnv !== 'production') log(`  Demo accounts       buyer@… and seller@… (password campus123)`);
  log('Press Ctrl-C to stop everything.\n');
}

/** Resolves once something accepts connections on the port (Redis and s3rver answer no plain GET /health). */
async function waitForPort(name, port, timeoutMs = 30_000) {
  const { createConnection } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not listen on ${port} within ${timeoutMs / 1000} s`);
}

main().catch((error) => {
  process.stderr.write(`\nCould not start the cluster: ${error instanceof Error ? error.message : String(error)}\n`);
  void stopAll(1);
});
