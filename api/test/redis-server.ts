/**
 * A throwaway Redis for the tests of REDIS_URL: Debian's
 * redis-server on a free loopback port, nothing saved to disk. `.ci/run`
 * installs redis-server; without it the Redis tests are skipped, except on CI,
 * where a missing server fails them (so a CI run never passes by skipping).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../src/lib/free-port';

export const redisServerAvailable = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
export const redisTestsRun = redisServerAvailable || process.env.CI === 'true';

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** `port`: a Redis back where one was (a test of an outage), else a free port. */
export async function startRedis(port?: number): Promise<TestRedis> {
  if (!redisServerAvailable) throw new Error('redis-server is not installed (Debian package redis-server; .ci/run installs it)');
  port ??= await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
