/**
 * Controls the running product from a journey: stop one remote's static
 * server, start it again. The global setup starts everything through
 * `scripts/start.mjs`, which writes each child's pid and command to the
 * state file named by START_STATE_FILE. Against an environment the suite did
 * not start (E2E_BASE_URL) there is nothing to stop: the journeys that stop
 * servers are tagged `OWN_PRODUCT` (support/ports.ts), and left out there.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PORTS } from '../../tooling/ports.cjs';
import { FOREIGN_ENVIRONMENT, NEEDS_OWN_PRODUCT } from './ports';

const ROOT = path.resolve(__dirname, '..', '..');

export type RemoteName = 'remoteAuth' | 'remoteMarketplace' | 'remoteCart' | 'remoteSeller' | 'remoteMessages' | 'remoteOps';

export interface ServiceState {
  name: string;
  port: number;
  url: string;
  readyUrl: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  pid: number | null;
  /** Started by a journey, not by start.mjs: the global teardown stops it. */
  restarted?: boolean;
}

export interface ProductState {
  supervisorPid: number;
  services: ServiceState[];
}

function stateFile(): string {
  if (FOREIGN_ENVIRONMENT) throw new Error(`This journey ${NEEDS_OWN_PRODUCT}: tag it with OWN_PRODUCT (support/ports.ts)`);
  const file = process.env.START_STATE_FILE;
  if (!file) throw new Error('START_STATE_FILE is not set: run the journeys through playwright.config.ts (global setup)');
  return file;
}

export function readState(): ProductState {
  return JSON.parse(readFileSync(stateFile(), 'utf8')) as ProductState;
}

function writeState(state: ProductState): void {
  writeFileSync(stateFile(), `${JSON.stringify(state, null, 2)}\n`);
}

function service(state: ProductState, name: string): ServiceState {
  const found = state.services.find((s) => s.name === name);
  if (!found) throw new Error(`No service named ${name} in the product state`);
  return found;
}

export function isRunning(pid: number | null): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1500) });
    return response.ok;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

/** Stops a remote's static server, as if its host went down. */
export async function stopRemote(name: RemoteName): Promise<void> {
  const state = readState();
  const remote = service(state, name);
  if (remote.pid && isRunning(remote.pid)) process.kill(remote.pid, 'SIGTERM');
  await until(async () => !(await answers(remote.readyUrl)), `${name} stopped answering`);
  remote.pid = null;
  writeState(state);
}

/** Starts the same static server again, with the same command and environment. */
export async function startRemote(name: RemoteName): Promise<void> {
  const state = readState();
  const remote = service(state, name);
  // Already up (a journey's cleanup after the journey restarted it): keep the one that runs.
  if (await answers(remote.readyUrl)) return;
  const child = spawn(remote.command, remote.args, {
    env: { ...process.env, ...remote.env },
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  remote.pid = child.pid ?? null;
  remote.restarted = true;
  writeState(state);
  await until(() => answers(remote.readyUrl), `${name} answered again`);
}

/**
 * A second static server of a remote, on `url`'s port (its "preview build": this checkout's
 * dist of the remote, served the way start.mjs serves it), for the remote-override journeys. It
 * runs on this machine, so it serves an environment the suite did not start too, provided that
 * environment allow-lists `url`'s origin (REMOTE_OVERRIDE_ORIGINS). Answers a function that stops it.
 */
export async function startPreviewOf(name: RemoteName, url: string, build?: string): Promise<() => Promise<void>> {
  const port = new URL(url).port;
  // The remote's own build, or the one given (a variant built at "another time", support/remote-variants.ts).
  const dist =
    build ??
    path.join(
      ROOT,
      name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
      'dist',
    );
  if (!existsSync(dist)) throw new Error(`No build of ${name} at ${dist} to preview: build it first (npm run build)`);
  const args = [path.join(ROOT, 'page-server', 'src', 'cli.mjs'), dist, '--port', port];
  const child = spawn(process.execPath, args, { env: { ...process.env, [PORTS[name].env]: port }, stdio: 'ignore' });
  const ready = new URL('/runtime-config.json', url).toString();
  await until(() => answers(ready), `${name}'s preview answered`);
  return async () => {
    child.kill('SIGTERM');
    await until(async () => !(await answers(ready)), `${name}'s preview stopped`);
  };
}
