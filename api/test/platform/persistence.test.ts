/**
 * The embedded database keeps accounts across restarts, and one directory
 * serves one server: a second one refuses to start with a clear message.
 * PGlite only (the PostgreSQL pass has nothing embedded to test).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseLockedError, lockPathFor } from '../../src/db/lock';
import { DEMO_PASSWORD } from '../../src/db/seed';
import { createTestApp, login, onPostgres, signedIn } from '../helpers';

// Server processes start slowly on a loaded 2-core machine (tsx compiles, demo photos are made): room, not a timing check.
jest.setTimeout(240_000);
const describePglite = onPostgres ? describe.skip : describe;
const apiDir = path.resolve(__dirname, '..', '..');
const tsxCli = require.resolve('tsx/cli');

function startServer(dataDir: string) {
  const child = spawn(process.execPath, [tsxCli, 'src/server.ts'], {
    cwd: apiDir,
    // The built-in Paystack sandbox on any free port too: two servers here, and maybe a developer's on 4010.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      PAYSTACK_SANDBOX_PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (pattern: RegExp, ms = 90_000) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const timer = setInterval(() => {
        if (pattern.test(output)) {
          clearInterval(timer);
          resolve();
        } else if (Date.now() - started > ms || child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`server output did not match ${pattern}:\n${output}`));
        }
      }, 100);
    });
  return { child, exited, waitFor, output: () => output };
}

describePglite('embedded database directory', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-api-test-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps accounts across a restart, and refuses a second app on the same directory', async () => {
    const pgliteDir = path.join(dir, 'restart', 'pglite');
    const first = await createTestApp({ pgliteDir });
    const { email } = await signedIn(first);
    await expect(createTestApp({ pgliteDir })).rejects.toThrow(DatabaseLockedError);
    await expect(createTestApp({ pgliteDir })).rejects.toThrow(/already in use by another server/);
    await first.close();
    expect(fs.existsSync(lockPathFor(pgliteDir))).toBe(false);

    const second = await createTestApp({ pgliteDir });
    try {
      expect(await login(second, email)).toEqual(expect.any(String));
    } finally {
      await second.close();
    }
  });

  it('a second server process on the same directory refuses to start; SIGTERM closes the first cleanly', async () => {
    const dataDir = path.join(dir, 'processes');
    const server = startServer(dataDir);
    try {
      await server.waitFor(/Demo accounts/);
      expect(server.output()).toContain(`buyer@campus.edu.ng / ${DEMO_PASSWORD}`);
      expect(server.output()).toContain('seller@campus.edu.ng');

      const second = startServer(dataDir);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/already in use by another server \(process \d+\)/);
      expect(second.output()).toContain('DATA_DIR');

      // Also refused in this process while the server holds the directory.
      await expect(createTestApp({ pgliteDir: path.join(dataDir, 'pglite') })).rejects.toThrow(DatabaseLockedError);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(lockPathFor(path.join(dataDir, 'pglite')))).toBe(false);

    // The demo accounts the server created are still there.
    const reopened = await createTestApp({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      expect(await login(reopened, 'buyer@campus.edu.ng', DEMO_PASSWORD)).toEqual(expect.any(String));
    } finally {
      await reopened.close();
    }
  });

  it('takes over a stale lock left by a crashed server', async () => {
    const pgliteDir = path.join(dir, 'stale', 'pglite');
    fs.mkdirSync(path.dirname(pgliteDir), { recursive: true });
    fs.writeFileSync(lockPathFor(pgliteDir), '999999');
    const app = await createTestApp({ pgliteDir });
    await app.close();
  });
});
