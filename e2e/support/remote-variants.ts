/**
 * remote-cart built at "another time" than the shell (scripts/lib/remote-variants.mjs): a build
 * from a newer contract minor, one made for another page runtime, or the previous release's commit
 * (releases/previous-release.json). Built once per change of the sources, or per commit (then
 * reused); a journey that needs one gives its beforeAll a few minutes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const ROOT = path.resolve(__dirname, '../..');

const sharedPackage = JSON.parse(readFileSync(path.join(ROOT, 'shared/package.json'), 'utf8')) as {
  version: string;
  campusRuntime: { version: string };
};
const sharedVersion = sharedPackage.version;
/** The page runtime today's shell provides (shared/package.json's campusRuntime.version). */
export const PAGE_RUNTIME_VERSION = sharedPackage.campusRuntime.version;
const [major = 0, minor = 0] = sharedVersion.split('.').map(Number);

/** What the newer-contract build shows on every cart page (remote-variants.mjs's CONTRACT_PROBE_TEXT: the shell's next minor). */
export const CONTRACT_PROBE_TEXT = `Contract ${major}.${minor + 1}.0`;

/** Long enough for one production build of remote-cart on a busy 2-core machine. */
export const VARIANT_BUILD_TIMEOUT_MS = 12 * 60_000;

export type RemoteVariant = 'newer-contract' | 'runtime-2' | 'previous-release';

/** The dist folder of the variant, built if need be. */
export function remoteCartVariant(name: RemoteVariant): string {
  const out = execFileSync(process.execPath, [path.join(ROOT, 'scripts/lib/remote-variants.mjs'), name], { cwd: ROOT, encoding: 'utf8' });
  const lines = out.trim().split('\n');
  return lines[lines.length - 1] ?? '';
}

/** Errors the page's console reports from now on (what a journey across versions must not see). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
