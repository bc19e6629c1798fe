/**
 * The shell meets remotes built at other times than itself (real builds of remote-cart:
 * support/remote-variants.ts), loaded as the cart remote through a preview of this tab
 * (`?remoteOverride=`), the way federation loads any remote:
 * (a) one built from a newer contract minor (a new endpoint, a new product-ui prop) runs, with its own copy;
 * (b) one built from the previous release's commit (releases/previous-release.json, its sources by
 *     `git archive`) runs: the cart reads, adds and removes, the console stays clean;
 * (c) one built for another page runtime major is refused: the route's fallback with Retry, the
 *     console says why, and the other routes keep working.
 * Across release and rollback: release.spec.ts.
 */
import { signInThroughApi } from '../support/accounts';
import { apiAs, productNamed } from '../support/shop';
import { expect, test } from '../support/journey';
import { PREVIEW_URL } from '../support/ports';
import { startPreviewOf } from '../support/product';
import {
  CONTRACT_PROBE_TEXT,
  PAGE_RUNTIME_VERSION,
  VARIANT_BUILD_TIMEOUT_MS,
  consoleErrors,
  remoteCartVariant,
} from '../support/remote-variants';

const NOTEBOOKS = 'A4 hardcover notebooks (pack of 5)'; // ₦4,500
const CHARGER = 'USB-C fast charger 25W'; // ₦6,500

const overridden = (path: string) => `${path}?remoteOverride=${encodeURIComponent(`remoteCart=${PREVIEW_URL}/mf-manifest.json`)}`;

test.describe('version skew between the shell and remote-cart', { tag: ['@cart', '@marketplace'] }, () => {
  let newer = '';
  let runtime2 = '';
  let previous = '';
  test.beforeAll(() => {
    test.setTimeout(3 * VARIANT_BUILD_TIMEOUT_MS);
    newer = remoteCartVariant('newer-contract');
    runtime2 = remoteCartVariant('runtime-2');
    // Fails, saying how to fetch it, in a clone without the release's commit (.ci/run fetches a shallow clone's history).
    previous = remoteCartVariant('previous-release');
  });

  test('(a) a remote built from a newer contract minor uses its new endpoint and UI prop on the current shell', async ({
    page,
    request,
  }) => {
    const errors = consoleErrors(page);
    await signInThroughApi(page, request, 'buyer');
    const stop = await startPreviewOf('remoteCart', PREVIEW_URL, newer);
    try {
      await page.goto(overridden('/cart'));
      await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
      const probe = page.getByTestId('contract-probe');
      await expect(probe).toContainText(new RegExp(`${CONTRACT_PROBE_TEXT}: \\d+ categories`));
      await expect(probe.getByTestId('price-caption')).toHaveText(' probe caption');
      expect(errors).toEqual([]);
      // The shell's own pages and the other remotes still run on the shell's copy of the contract.
      await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).first().click();
      await expect(page.getByTestId('contract-probe')).toContainText(CONTRACT_PROBE_TEXT);
      await page.goto('/marketplace');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    } finally {
      await stop();
    }
  });

  test("(b) remote-cart built from the previous release's commit runs on the current shell: the cart reads, adds and removes", async ({
    page,
    request,
  }) => {
    const errors = consoleErrors(page);
    const session = await signInThroughApi(page, request, 'buyer');
    const api = await apiAs(request, session.token);
    await api.delete('/cart/clear');
    const notebooks = await productNamed(api, NOTEBOOKS);
    const charger = await productNamed(api, CHARGER);
    await api.post('/cart/add', { items: [{ productId: notebooks.id, quantity: 1 }] });
    await api.post('/cart/add', { items: [{ productId: charger.id, quantity: 1 }] });
    const servedFiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(PREVIEW_URL)) servedFiles.push(new URL(r.url()).pathname);
    });
    const stop = await startPreviewOf('remoteCart', PREVIEW_URL, previous);
    try {
      await page.goto(overridden('/cart'));
      await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
      // The previous release's build is the one running (the shell loaded its entry), not today's.
      expect(servedFiles).toContain('/remoteEntry.js');
      await expect(page.getByTestId('contract-probe')).toHaveCount(0);
      await expect(page.getByTestId('summary-total')).toHaveText('₦11,000.00');
      await page.getByRole('button', { name: `Increase quantity of ${NOTEBOOKS}` }).click();
      await expect(page.getByTestId('summary-total')).toHaveText('₦15,500.00');
      await page.getByRole('button', { name: `Remove ${CHARGER}` }).click();
      await expect(page.getByTestId('summary-total')).toHaveText('₦9,000.00');
      await expect(page.getByRole('button', { name: `Remove ${CHARGER}` })).toHaveCount(0);
      expect(errors).toEqual([]);
    } finally {
      await stop();
      await api.delete('/cart/clear');
    }
  });

  test('(c) a remote built for another runtime major is refused with the fallback; other routes keep working', async ({
    page,
    request,
  }) => {
    const errors = consoleErrors(page);
    await signInThroughApi(page, request, 'buyer');
    const stop = await startPreviewOf('remoteCart', PREVIEW_URL, runtime2);
    try {
      await page.goto(overridden('/cart'));
      await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toHaveCount(0);
      expect(
        errors.some((e) =>
          e.includes(
            `Remote "remoteCart" was not mounted: it was built for the page runtime ^2.0.0 and this page provides ${PAGE_RUNTIME_VERSION}`,
          ),
        ),
      ).toBe(true);
      // Retry asks again and is refused again, cleanly.
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
      // The shell's own pages and another remote's routes keep working.
      await page.goto('/features');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
      await page.goto('/marketplace');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
    } finally {
      await stop();
    }
  });
});
