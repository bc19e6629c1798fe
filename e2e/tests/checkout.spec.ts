/**
 * A buyer's whole path across remotes in one
 * browser on the Paystack sandbox (remote-marketplace's buttons, remote-cart's
 * /cart and return page, remote-auth's Orders tab, the shell's badges), once
 * with every server up and once with remote-seller's server stopped; and the
 * sandbox's Decline and Cancel bringing the buyer back with nothing ordered
 * and the cart intact; and remote-cart served alone by its own
 * server with its own sign-in.
 */
import { expect, test, type Page } from '../support/journey';
import { DEMO_PASSWORD, runtimeConfig, signInThroughApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { CART_REMOTE_URL, OWN_PRODUCT } from '../support/ports';
import { startRemote, stopRemote } from '../support/product';
import {
  apiAs,
  badgeCount,
  badgeDigitsInside,
  demoToken,
  givePickupDetails,
  onSandboxCheckout,
  orderCount,
  productNamed,
  signInOnPage,
} from '../support/shop';

const NOTEBOOKS = 'A4 hardcover notebooks (pack of 5)'; // Book Nook, ₦4,500
const CHARGER = 'USB-C fast charger 25W'; // Gadget Hub, ₦6,500

async function addFromMarketplace(page: Page, query: string, name: string, badgeBefore: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Search products' }).fill(query);
  const card = page.getByTestId('search-results').getByTestId('product-card').filter({ hasText: name });
  const add = card.getByRole('button', { name: `Add to Cart: ${name}` });
  await expect(add).toBeEnabled();
  await add.click();
  await expect.poll(() => badgeCount(page, 'cart')).toBe(badgeBefore + 1);
}

async function noReloadMarker(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}

async function stillNoReload(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

for (const sellerRemote of ['up', 'stopped'] as const) {
  test(
    `buy from two stores: badges, /cart, pickup, pay on the sandbox, two completion codes, the same codes in Orders (remote-seller ${sellerRemote})`,
    { tag: sellerRemote === 'up' ? ['@marketplace', '@cart', '@auth'] : ['@marketplace', '@cart', '@auth', '@seller', OWN_PRODUCT] },
    async ({ page, request }) => {
      test.setTimeout(120_000);
      const session = await signInThroughApi(page, request, 'buyer');
      const api = await apiAs(request, session.token);
      await api.delete('/cart/clear');
      if (sellerRemote === 'stopped') await stopRemote('remoteSeller');
      try {
        await page.goto('/marketplace');
        await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
        await expect.poll(() => badgeCount(page, 'cart')).toBe(0);
        await noReloadMarker(page);

        // remote-marketplace's buttons move the shell's badge with no reload.
        await addFromMarketplace(page, 'notebooks', NOTEBOOKS, 0);
        await addFromMarketplace(page, 'charger', CHARGER, 1);
        expect(await badgeDigitsInside(page, 'cart'), 'the cart badge shows its number').toBe(true);

        // remote-cart, reached from the navbar.
        await page.getByTestId('nav-cart').click();
        await expect(page).toHaveURL(/\/cart$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
        await stillNoReload(page);
        await expect(page.getByRole('region', { name: 'Book Nook' })).toContainText(NOTEBOOKS);
        await expect(page.getByRole('region', { name: 'Gadget Hub' })).toContainText(CHARGER);
        await page.getByRole('button', { name: `Increase quantity of ${NOTEBOOKS}` }).click();
        await expect.poll(() => badgeCount(page, 'cart')).toBe(3);
        // 2 × 4,500 + 6,500
        await expect(page.getByTestId('summary-total')).toHaveText('₦15,500.00');

        await page.getByRole('button', { name: 'Checkout All' }).click();
        await givePickupDetails(page);
        await onSandboxCheckout(page, 'Pay');

        // Back from the sandbox on the return page: one order per store, each with its code.
        await expect(page).toHaveURL(/\/checkout\/callback\?.*reference=/);
        await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
        const codes = page.getByTestId('completion-code');
        await expect(codes).toHaveCount(2);
        const paidCodes = (await codes.allTextContents()).sort();
        for (const code of paidCodes) expect(code).toMatch(/^\d{6}$/);
        await expect(page.getByRole('article', { name: 'Book Nook' })).toContainText('Moremi Hall, Block B, Room 214');
        await expect.poll(() => badgeCount(page, 'cart')).toBe(0);

        // remote-auth's Orders tab shows the same codes.
        await noReloadMarker(page);
        await page.getByRole('link', { name: 'View my orders' }).click();
        await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
        const orders = page.getByRole('list', { name: 'Your orders' });
        await expect(orders.getByTestId('completion-code').first()).toBeVisible();
        const listed = await orders.getByTestId('completion-code').allTextContents();
        for (const code of paidCodes) expect(listed).toContain(code);
        await stillNoReload(page);
        await expect.poll(() => badgeCount(page, 'cart')).toBe(0);
      } finally {
        if (sellerRemote === 'stopped') await startRemote('remoteSeller');
      }
    },
  );
}

test.describe('leaving the sandbox checkout without paying', { tag: ['@cart'] }, () => {
  for (const action of ['Decline', 'Cancel'] as const) {
    test(`${action} brings the buyer back to a clear state: nothing ordered, the cart intact`, async ({ page, request }) => {
      const session = await signInThroughApi(page, request, 'buyer');
      const api = await apiAs(request, session.token);
      await api.delete('/cart/clear');
      const notebooks = await productNamed(api, NOTEBOOKS);
      await api.post('/cart/add', { items: [{ productId: notebooks.id, quantity: 2 }] });
      const ordersBefore = await orderCount(api);

      await page.goto('/cart');
      await expect(page.getByTestId('summary-total')).toHaveText('₦9,000.00');
      await page.getByRole('button', { name: 'Checkout All' }).click();
      await givePickupDetails(page);
      await onSandboxCheckout(page, action);

      await expect(page).toHaveURL(/\/checkout\/callback\?.*reference=/);
      const outcome = page.getByTestId('payment-outcome');
      await expect(outcome).toContainText(action === 'Decline' ? 'Payment failed' : 'Payment not completed');
      await expect(outcome).toContainText('Nothing was ordered and your cart is as you left it.');
      await expect(page.getByTestId('completion-code')).toHaveCount(0);
      expect(await orderCount(api)).toBe(ordersBefore);

      await outcome.getByRole('link', { name: 'Back to cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('region', { name: 'Book Nook' })).toContainText(NOTEBOOKS);
      await expect(page.getByTestId('summary-total')).toHaveText('₦9,000.00');
      await expect.poll(() => badgeCount(page, 'cart')).toBe(2);
      // The pickup details were remembered for the next checkout.
      await expect(page.getByTestId('pickup-summary')).toContainText('Moremi Hall, Block B, Room 214');
      await api.delete('/cart/clear');
    });
  }
});

test("the cart is the server's: it survives signing out and in", { tag: ['@auth', '@marketplace', '@cart'] }, async ({ page, request }) => {
  const api = await apiAs(request, await demoToken(request, 'buyer'));
  await api.delete('/cart/clear');
  const [notebooks, charger] = await Promise.all([productNamed(api, NOTEBOOKS), productNamed(api, CHARGER)]);
  await api.post('/cart/add', {
    items: [
      { productId: notebooks.id, quantity: 1 },
      { productId: charger.id, quantity: 2 },
    ],
  });

  await signInOnPage(page, request, 'buyer');
  await expect.poll(() => badgeCount(page, 'cart')).toBe(3);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByTestId('nav-cart')).toHaveCount(0);

  await signInOnPage(page, request, 'buyer');
  await page.getByTestId('nav-cart').click();
  await expect(page.getByRole('region', { name: 'Book Nook' })).toContainText(NOTEBOOKS);
  await expect(page.getByRole('region', { name: 'Gadget Hub' })).toContainText(CHARGER);
  await expect(page.getByTestId('summary-total')).toHaveText('₦17,500.00');
  await api.delete('/cart/clear');
});

test.describe('phones first (360 px) and the keyboard', { tag: ['@cart', '@auth'] }, () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const focusRingShows = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el instanceof HTMLElement && el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none';
    });

  test('/cart, the pickup dialog and the return page fit 360 px; quantity and checkout work from the keyboard with a visible focus', async ({
    page,
    request,
  }) => {
    const session = await signInThroughApi(page, request, 'buyer');
    const api = await apiAs(request, session.token);
    await api.delete('/cart/clear');
    const [notebooks, charger] = await Promise.all([productNamed(api, NOTEBOOKS), productNamed(api, CHARGER)]);
    await api.post('/cart/add', {
      items: [
        { productId: notebooks.id, quantity: 1 },
        { productId: charger.id, quantity: 1 },
      ],
    });

    await page.goto('/cart');
    await expect(page.getByTestId('summary-total')).toHaveText('₦11,000.00');
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page), 'axe on /cart with two stores').toEqual([]);

    // Keyboard: from the line's Remove button back to its plus, then Enter.
    await page.getByRole('button', { name: `Remove ${NOTEBOOKS}` }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: `Increase quantity of ${NOTEBOOKS}` })).toBeFocused();
    expect(await focusRingShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('summary-total')).toHaveText('₦15,500.00');

    await page.getByRole('button', { name: 'Checkout All' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Pickup details' });
    await expect(dialog.getByLabel('Hostel name')).toBeFocused();
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page), 'axe on the pickup dialog').toEqual([]);
    await page.keyboard.type('Moremi Hall');
    await page.keyboard.press('Tab');
    await page.keyboard.type('B');
    await page.keyboard.press('Tab');
    await page.keyboard.type('214');
    await page.keyboard.press('Enter');

    await onSandboxCheckout(page, 'Pay');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    await expect(page.getByTestId('completion-code')).toHaveCount(2);
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page), 'axe on the return page').toEqual([]);

    await page.getByRole('link', { name: 'View my orders' }).click();
    await expect(page.getByRole('list', { name: 'Your orders' }).getByTestId('completion-code').first()).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page), 'axe on Profile → Orders').toEqual([]);
  });
});

test(
  'remote-cart serves alone: its own server opens /cart with its own sign-in, then the cart',
  { tag: ['@cart'] },
  async ({ page, request }) => {
    const config = await runtimeConfig(request);
    const api = await apiAs(request, await demoToken(request, 'buyer'));
    await api.delete('/cart/clear');
    const notebooks = await productNamed(api, NOTEBOOKS);
    await api.post('/cart/add', { items: [{ productId: notebooks.id, quantity: 1 }] });

    await page.goto(`${CART_REMOTE_URL}/cart`);
    await expect(page.getByRole('heading', { name: /started alone/ })).toBeVisible();
    await page.getByLabel('E-mail').fill(`buyer@${config.university.emailDomain}`);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Book Nook' })).toContainText(NOTEBOOKS);
    await expect(page.getByTestId('summary-total')).toHaveText('₦4,500.00');
    await expect(page).toHaveURL(`${CART_REMOTE_URL}/cart`);
  },
);
