#!/usr/bin/env node
// Runs a command with DATABASE_URL pointing at PostgreSQL. When DATABASE_URL is
// already set it is used as is; otherwise a throwaway cluster is created with
// Debian's postgresql-15 server programs (initdb into a temp directory, a free
// port, run as the `postgres` user because PostgreSQL refuses to run as root),
// and stopped and deleted afterwards.
//   node scripts/with-postgres.mjs <command> [args...]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function run(cmd, cmdArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { stdio: 'inherit', env, shell: process.platform === 'win32' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (process.env.DATABASE_URL) {
  process.exit(await run(command, args, process.env));
}

function findBinDir() {
  const candidates = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // pg_config is optional; fall back to Debian's layout.
  }
  const lib = '/usr/lib/postgresql';
  if (fs.existsSync(lib)) {
    for (const v of fs.readdirSync(lib).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(lib, v, 'bin'));
  }
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!found) {
    console.error('PostgreSQL server programs (initdb, pg_ctl) not found: install postgresql-15 or set DATABASE_URL.');
    process.exit(1);
  }
  return found;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const bin = findBinDir();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-pg-'));
const dataDir = path.join(base, 'data');
if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', base]);

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function pg(program, pgArgs) {
  const full = path.join(bin, program);
  const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', full, ...pgArgs]] : [full, pgArgs];
  const r = spawnSync(cmd, cmdArgs, { encoding: 'utf8', cwd: base });
  if (r.status !== 0) throw new Error(`${program} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

let started = false;
let exitCode = 1;
try {
  const port = await freePort();
  pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const options = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(base, 'server.log'), '-w', '-t', '60', 'start']);
  started = true;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`with-postgres: throwaway PostgreSQL cluster on port ${port}`);
  exitCode = await run(command, args, { ...process.env, DATABASE_URL: url });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  if (started) {
    try {
      pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
  fs.rmSync(base, { recursive: true, force: true });
}
process.exit(exitCode);
