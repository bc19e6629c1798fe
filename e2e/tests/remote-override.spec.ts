/**
 * A remote swapped for its preview build in one browser session (QA and a remote's team
 * trying a release on the real site): an allow-listed preview origin is honoured, shown in a
 * banner on every page and cleared with one button; any other origin is refused. The preview
 * is a second build of remote-cart (the newer-contract build of support/remote-variants.ts,
 * whose cart pages say so), served on its own port, so the page shows which build it runs.
 */
import { signInThroughApi } from '../support/accounts';
import { expect, test } from '../support/journey';
import { PREVIEW_URL } from '../support/ports';
import { startPreviewOf } from '../support/product';
import { CONTRACT_PROBE_TEXT, VARIANT_BUILD_TIMEOUT_MS, remoteCartVariant } from '../support/remote-variants';

test.describe('a remote from its preview build', { tag: ['@cart'] }, () => {
  let secondBuild = '';
  test.beforeAll(() => {
    test.setTimeout(VARIANT_BUILD_TIMEOUT_MS);
    secondBuild = remoteCartVariant('newer-contract');
  });

  test('an allow-listed preview of remote-cart serves /cart in this tab, the banner says so, and Clear goes back', async ({
    page,
    request,
  }) => {
    await signInThroughApi(page, request, 'buyer');
    const stopPreview = await startPreviewOf('remoteCart', PREVIEW_URL, secondBuild);
    try {
      const fromPreview: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(PREVIEW_URL)) fromPreview.push(r.url());
      });
      await page.goto(`/cart?remoteOverride=${encodeURIComponent(`remoteCart=${PREVIEW_URL}/mf-manifest.json`)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
      await expect(page.getByTestId('remote-overrides')).toHaveText(`Preview in this tab: remoteCart from ${PREVIEW_URL}`);
      // The second build is the one running: its cart pages say which contract it was built from.
      await expect(page.getByTestId('contract-probe')).toContainText(CONTRACT_PROBE_TEXT);
      expect(fromPreview.some((u) => u.endsWith('/mf-manifest.json'))).toBe(true);
      expect(fromPreview.some((u) => u.endsWith('.js'))).toBe(true);

      // Kept for the session: the next page still runs the preview, and says so.
      await page.goto('/wishlist');
      await expect(page.getByTestId('remote-overrides')).toBeVisible();

      fromPreview.length = 0;
      await page.getByRole('button', { name: 'Use the deployed remotes' }).click();
      await expect(page.getByTestId('remote-overrides')).toHaveCount(0);
      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
      await expect(page.getByTestId('contract-probe')).toHaveCount(0);
      expect(fromPreview).toEqual([]);
    } finally {
      await stopPreview();
    }
  });

  test('an origin the configuration does not allow is refused: no banner, the deployed remote, and a console warning', async ({
    page,
    request,
  }) => {
    await signInThroughApi(page, request, 'buyer');
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const elsewhere = 'http://127.0.0.1:9/mf-manifest.json';
    await page.goto(`/cart?remoteOverride=${encodeURIComponent(`remoteCart=${elsewhere}`)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await expect(page.getByTestId('remote-overrides')).toHaveCount(0);
    expect(warnings.join('\n')).toContain('Remote override refused: remoteCart: http://127.0.0.1:9 is not an allowed preview origin');
  });
});
