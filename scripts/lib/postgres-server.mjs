/**
 * A PostgreSQL server of its own for the cluster (scripts/start-cluster.mjs), from Debian's
 * server programs as api/scripts/with-postgres.mjs finds them: initdb into a directory, started
 * with pg_ctl on a port, run as the `postgres` user when we are root (PostgreSQL refuses root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

function findBinDir() {
  const candidates = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // pg_config is optional; Debian's layout is looked at next.
  }
  const lib = '/usr/lib/postgresql';
  if (existsSync(lib)) {
    for (const v of readdirSync(lib).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(lib, v, 'bin'));
  }
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error("PostgreSQL's server programs (initdb, pg_ctl) were not found: apt-get install postgresql-15");
  return found;
}

/**
 * Creates and starts the server; resolves with its URL and `stop()`.
 * @param {{ dir: string, port: number }} options `dir` is created and holds the data, the socket and the log
 */
export function startPostgres({ dir, port }) {
  const bin = findBinDir();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const dataDir = path.join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const pg = (program, args) => {
    const full = path.join(bin, program);
    const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
    const result = spawnSync(cmd, cmdArgs, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${program} failed:\n${result.stdout}\n${result.stderr}`);
  };
  pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  // Durable as deployed (fsync on); enough connections for 30 instances' pools (10 each) and their LISTEN.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=400`;
  pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']),
  };
}
