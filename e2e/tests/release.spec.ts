/**
 * A team releases remote-cart and rolls it back while a student's browser stays open
 * (scripts/release.mjs, what `npm run release -w @campus/remote-cart` and `npm run rollback` run;
 * the journeys' product keeps its releases in a folder of its own, RELEASES_DIR). The page picks
 * the new release up on its next navigation to the cart, the rollback on reload, and its
 * console stays clean throughout.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { signInThroughApi } from '../support/accounts';
import { expect, test } from '../support/journey';
import { OWN_PRODUCT } from '../support/ports';
import { CONTRACT_PROBE_TEXT, VARIANT_BUILD_TIMEOUT_MS, consoleErrors, remoteCartVariant } from '../support/remote-variants';

const ROOT = path.resolve(__dirname, '../..');
/** The shell's default CONFIG_FRESH_MS (shell/src/app/remote/release-pickup.ts), unless the configuration sets releasePickupAfterMs. */
const CONFIG_FRESH_MS = 10_000;

function releaseScript(...args: string[]): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: process.env,
  });
}

/** Releases a build of remote-cart; answers its version. */
function releaseCart(dist: string): string {
  const version = /released ([\w.+-]+)/.exec(releaseScript('release', 'remote-cart', '--dist', dist))?.[1];
  if (!version) throw new Error('the release printed no version');
  return version;
}

// Releases remote-cart into the releases folder of the product the suite started (an environment's releases are its team's).
test.describe('release and rollback of remote-cart', { tag: ['@cart', OWN_PRODUCT] }, () => {
  let newer = '';
  test.beforeAll(() => {
    test.setTimeout(VARIANT_BUILD_TIMEOUT_MS);
    newer = remoteCartVariant('newer-contract');
  });
  test.afterAll(() => {
    // Back to the deployed dist build for the journeys after this one.
    for (let i = 0; i < 5; i += 1) {
      try {
        releaseScript('rollback', 'remote-cart');
      } catch {
        break;
      }
    }
  });

  test('(d) a browser open across release and rollback loads the new, then the old version, with no error in the console', async ({
    page,
    request,
  }) => {
    const errors = consoleErrors(page);
    const cartFiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/releases/')) cartFiles.push(new URL(r.url()).pathname);
    });
    await signInThroughApi(page, request, 'buyer');

    // Today's build is the first release.
    const first = releaseCart(path.join(ROOT, 'remote-cart', 'dist'));
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await expect(page.getByTestId('contract-probe')).toHaveCount(0);
    expect(cartFiles.some((f) => f.startsWith(`/releases/${first}/`))).toBe(true);

    // The browser stays on the site (the cart not mounted in this page) while the next release goes out.
    await page.goto('/');
    const second = releaseCart(newer);
    expect(second).not.toBe(first);
    // The page's configuration must age before the shell looks for a release (global-setup.ts makes that 1 s).
    const { releasePickupAfterMs } = (await (await request.get('/runtime-config.json')).json()) as { releasePickupAfterMs?: number };
    await page.waitForTimeout((releasePickupAfterMs ?? CONFIG_FRESH_MS) + 200);
    await page.getByRole('banner').getByRole('link', { name: 'Cart' }).first().click();
    await expect(page.getByTestId('contract-probe')).toContainText(CONTRACT_PROBE_TEXT);
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    expect(cartFiles.some((f) => f.startsWith(`/releases/${second}/`))).toBe(true);

    // Rolled back: the same tab, reloaded, runs the first release again.
    expect(releaseScript('rollback', 'remote-cart')).toContain(`to ${first}`);
    cartFiles.length = 0;
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await expect(page.getByTestId('contract-probe')).toHaveCount(0);
    expect(cartFiles.some((f) => f.startsWith(`/releases/${first}/`))).toBe(true);
    expect(cartFiles.some((f) => f.startsWith(`/releases/${second}/`))).toBe(false);

    expect(errors).toEqual([]);
  });
});
