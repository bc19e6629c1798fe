/**
 * Issue 14: accessibility checked, not hoped for. axe-core (WCAG 2.1 A and
 * AA rules) on every route of the route table, as a guest, as a buyer and as
 * a seller: no serious or critical violation. A violation prints the rule,
 * its impact and the elements, so the failure says what to fix.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { runtimeConfig, signInThroughApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';

/** Waits for the screen (not the spinner) and checks it. */
async function expectAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  // Loaded, by the page's own signals (waiting for network idle hung on a page that had long finished).
  await expect(page.getByTestId('page-spinner')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await seriousViolations(page), `axe found serious or critical violations on ${path}`).toEqual([]);
}

async function someProductSlug(request: APIRequestContext): Promise<string> {
  const config = await runtimeConfig(request);
  const response = await request.get(`${config.apiBaseUrl}/api/v1/products/all?limit=1`);
  const body = (await response.json()) as { data: Array<{ slug: string; seller: { id: string } }> };
  const slug = body.data[0]?.slug;
  if (!slug) throw new Error('The demo data has no product');
  return slug;
}

test.describe('accessibility: guest routes', () => {
  for (const path of ['/', '/features', '/how-it-works', '/products', '/client-stories', '/auth', '/login', '/register', '/verify', '/forgot-password', '/reset-password?token=abc', '/no-such-page']) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await expectAccessible(page, path);
    });
  }
});

test.describe('accessibility: buyer routes', () => {
  test('every buyer route has no serious or critical violation', async ({ page, request }) => {
    await signInThroughApi(page, request, 'buyer');
    const slug = await someProductSlug(request);
    const config = await runtimeConfig(request);
    const product = (await (await request.get(`${config.apiBaseUrl}/api/v1/products/${slug}`)).json()) as { data: { seller: { id: string } } };
    for (const path of [
      '/marketplace',
      '/marketplace?query=phone',
      `/product/${slug}`,
      '/category/all',
      `/seller/${product.data.seller.id}/catalogue`,
      '/cart',
      '/wishlist',
      '/profile',
      '/chat',
      '/seller/onboarding',
    ]) {
      await test.step(path, () => expectAccessible(page, path));
    }
  });
});

test.describe('accessibility: seller routes', () => {
  test('every seller back-office route has no serious or critical violation', async ({ page, request }) => {
    const session = await signInThroughApi(page, request, 'gadgethub');
    expect(session.user.seller).not.toBeNull();
    for (const path of [
      '/seller/dashboard',
      '/seller/products',
      '/seller/products/add',
      '/seller/orders',
      '/seller/customers',
      '/seller/analytics',
      '/seller/settings',
    ]) {
      await test.step(path, () => expectAccessible(page, path));
    }
  });
});
