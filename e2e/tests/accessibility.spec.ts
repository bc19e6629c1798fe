/**
 * Accessibility checked, not hoped for. axe-core (WCAG 2.1 A and
 * AA rules, and Label in Name: support/axe.ts) on every route of the route
 * table (spec section 2 and shared/src/federation.ts), as a guest, as a buyer
 * and as a seller, in the states that matter (profile tabs, the payment
 * return without and with an unknown reference, the owner's own catalogue)
 * and on the dialogs a page opens: no serious or critical violation. A
 * violation prints the rule, its impact and the elements, so the failure says
 * what to fix. The paid return page and the pickup dialog are checked in
 * checkout.spec.ts; keyboard use and focus visibility in keyboard.spec.ts.
 */
import { expect, tagsOf, test, type APIRequestContext, type Page } from '../support/journey';
import { runtimeConfig, signInThroughApi } from '../support/accounts';
import { expectAxeClean } from '../support/axe';
import { apiSignIn, buyThroughApi } from '../support/checkout';
import { apiAs } from '../support/shop';

/** Waits for the screen (not the spinner) and checks it. */
async function expectAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  // Loaded, by the page's own signals (waiting for network idle hung on a page that had long finished).
  await expect(page.getByTestId('page-spinner')).toHaveCount(0);
  await expectAxeClean(page, path);
}

interface ListedProduct {
  id: string;
  slug: string;
  stockQuantity: number;
  seller: { id: string };
}

async function someProduct(request: APIRequestContext): Promise<ListedProduct> {
  const config = await runtimeConfig(request);
  const response = await request.get(`${config.apiBaseUrl}/api/v1/products/all?limit=1`);
  const product = ((await response.json()) as { data: ListedProduct[] }).data[0];
  if (!product) throw new Error('The demo data has no product');
  return product;
}

test.describe('accessibility: guest routes', () => {
  for (const path of [
    '/',
    '/features',
    '/how-it-works',
    '/products',
    '/client-stories',
    '/auth',
    '/login',
    '/register',
    '/verify',
    '/forgot-password',
    '/reset-password?token=abc',
    '/reset-password',
    '/no-such-page',
  ]) {
    test(`${path} has no serious or critical violation`, { tag: tagsOf(path) }, async ({ page }) => {
      await expectAccessible(page, path);
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the guest menu drawer has no serious or critical violation', async ({ page }) => {
      await expectAccessible(page, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expectAxeClean(page, 'the guest menu');
    });
  });
});

test.describe('accessibility: buyer routes', () => {
  test(
    'every buyer route has no serious or critical violation',
    { tag: ['@marketplace', '@cart', '@auth', '@seller', '@messages'] },
    async ({ page, request }) => {
      test.setTimeout(120_000);
      await signInThroughApi(page, request, 'buyer');
      const product = await someProduct(request);
      for (const path of [
        '/marketplace',
        '/marketplace?query=phone',
        `/product/${product.slug}`,
        // A link may carry the id instead of the slug (spec section 2).
        `/product/${product.id}`,
        '/category/all',
        `/seller/${product.seller.id}/catalogue`,
        '/cart',
        '/wishlist',
        '/profile',
        '/profile?tab=orders',
        '/profile?tab=wishlist',
        '/profile?tab=account',
        '/chat',
        '/seller/onboarding',
        // The payment return without a reference and with one the API does not know.
        '/checkout/callback',
        '/checkout/callback?trxref=no-such-reference&reference=no-such-reference',
      ]) {
        await test.step(path, () => expectAccessible(page, path));
      }
    },
  );

  test(
    'the buyer dialogs (Clear Cart, the phone menu) have no serious or critical violation',
    { tag: ['@cart'] },
    async ({ page, request }) => {
      const session = await signInThroughApi(page, request, 'buyer');
      const api = await apiAs(request, session.token);
      const product = await someProduct(request);
      await api.delete('/cart/clear');
      await api.post('/cart/add', { items: [{ productId: product.id, quantity: 1 }] });

      await expectAccessible(page, '/cart');
      await page.getByRole('button', { name: 'Clear Cart' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Are you sure you want to clear your cart?');
      await expectAxeClean(page, 'the Clear Cart confirmation');
      await page.keyboard.press('Escape');
      await expect(confirm).toHaveCount(0);

      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expectAxeClean(page, 'the signed-in menu');
      await api.delete('/cart/clear');
    },
  );
});

test.describe('accessibility: seller routes', { tag: ['@seller', '@cart', '@marketplace', '@messages', '@auth'] }, () => {
  test('every seller back-office route and dialog has no serious or critical violation', async ({ page, request }) => {
    test.setTimeout(180_000);
    // An order in the store, so the orders table and its details dialog have something to show.
    const store = await apiSignIn(request, 'gadgethub');
    const storeId = (
      (await (await request.get(`${store.api}/seller/profile`, { headers: { Authorization: `Bearer ${store.token}` } })).json()) as {
        data: { id: string };
      }
    ).data.id;
    const listing = (
      (await (await request.get(`${store.api}/sellers/${storeId}/catalogue`)).json()) as {
        data: { products: Array<{ id: string; stockQuantity: number }> };
      }
    ).data.products.find((p) => p.stockQuantity > 0);
    if (!listing) throw new Error('Gadget Hub has nothing in stock');
    const order = await buyThroughApi(page, request, await apiSignIn(request, 'buyer'), listing.id);

    const session = await signInThroughApi(page, request, 'gadgethub');
    expect(session.user.seller?.id).toBe(storeId);
    for (const path of [
      '/seller/dashboard',
      '/seller/products',
      '/seller/products/add',
      '/seller/orders',
      '/seller/customers',
      '/seller/analytics',
      '/seller/settings',
      `/seller/products/${listing.id}`,
      `/seller/products/edit/${listing.id}`,
      // The owner's own public catalogue (no cart or wishlist buttons) and Chat in seller mode (Buyers).
      `/seller/${storeId}/catalogue`,
      '/chat',
    ]) {
      await test.step(path, () => expectAccessible(page, path));
    }

    await test.step('Settings → Payments', async () => {
      await expectAccessible(page, '/seller/settings');
      await page.getByRole('tab', { name: 'Payments' }).click();
      await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('page-spinner')).toHaveCount(0);
      await expectAxeClean(page, 'Settings → Payments');
    });

    await test.step('the order details and Accept Order dialogs', async () => {
      await expectAccessible(page, '/seller/orders');
      await page.getByRole('button', { name: `View order ${order.orderCode}` }).click();
      await expect(page.getByRole('dialog', { name: `Order ${order.orderCode}` })).toBeVisible();
      await expectAxeClean(page, 'the order details dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Accept Order', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Accept Order' })).toBeVisible();
      await expectAxeClean(page, 'the Accept Order dialog');
      await page.keyboard.press('Escape');
    });

    await test.step('the delete-product confirmation', async () => {
      await expectAccessible(page, '/seller/products');
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Are you sure you want to delete this product?');
      await expectAxeClean(page, 'the delete confirmation');
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await expect(confirm).toHaveCount(0);
    });
  });
});
