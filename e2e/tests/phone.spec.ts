/**
 * The buyer's and the seller's main journeys on a 390 px touch phone (the "phone" project,
 * playwright.config.ts): every screen fits the width, the actions a student needs lie on the
 * screen, and axe finds no serious violation on any of them (the desktop's are in
 * accessibility.spec.ts). The buyer browses two cards a row, filters by condition, finds a
 * textbook by the word students use (the campus synonyms), opens it and adds it to the cart; the
 * seller works an order from the phone (its actions in reach, the item in the Accept Order
 * picker, where the money went) and visits every screen of the back office.
 */
import { expect, test, type Page } from '../support/journey';
import { signInThroughApi } from '../support/accounts';
import { apiSignIn, buyThroughApi, type Buyer } from '../support/checkout';
import { expectAxeClean } from '../support/axe';
import { expectNoSideScroll, expectWithinReach, PHONE } from '../support/phone';
import { apiAs, badgeCount, givePickupDetails, onSandboxCheckout, productNamed } from '../support/shop';

test.use(PHONE);

// Book Nook's Books shelf, its name without "textbook"; 30 in stock, so the journeys that buy from the store leave some.
const TEXTBOOK = 'Past questions pack: 100 level sciences';

async function twoCardsARow(page: Page): Promise<void> {
  const cards = page.getByTestId('search-results').getByTestId('product-card');
  await expect(cards.nth(1)).toBeVisible();
  const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
  if (!first || !second) throw new Error('The first two cards have no boxes');
  expect(Math.round(second.y), 'the second card sits beside the first').toBe(Math.round(first.y));
  expect(second.x, 'the second card starts after the first').toBeGreaterThanOrEqual(first.x + first.width);
  expect(second.x + second.width, 'the second card ends on the screen').toBeLessThanOrEqual(PHONE.viewport.width);
}

test(
  'a buyer on a phone: two cards a row, "textbook" finds the Books shelf, the product, the cart and the checkout fit the screen',
  {
    tag: ['@marketplace', '@cart'],
  },
  async ({ page, request }) => {
    const session = await signInThroughApi(page, request, 'buyer');
    const api = await apiAs(request, session.token);
    await api.delete('/cart/clear');

    await page.goto('/marketplace');
    await twoCardsARow(page);
    await expectNoSideScroll(page, '/marketplace');
    await expectAxeClean(page, '/marketplace');

    // The condition filter: every card left says Used (the demo's used books, calculator, boots...).
    await page.getByRole('combobox', { name: 'Condition' }).selectOption({ label: 'Used' });
    await expect(page).toHaveURL(/[?&]condition=used/);
    const results = page.getByTestId('search-results');
    await expect
      .poll(async () => {
        if ((await results.getAttribute('data-state')) !== 'success') return 'loading';
        const shown = await results.getByTestId('product-card').count();
        const used = await results
          .getByTestId('product-condition')
          .filter({ hasText: /^Used$/ })
          .count();
        return shown > 0 && used === shown ? 'all used' : `${used} of ${shown} cards say Used`;
      })
      .toBe('all used');
    await page.getByRole('combobox', { name: 'Condition' }).selectOption({ label: 'Any condition' });
    await expect(page).not.toHaveURL(/condition=/);

    await page.getByRole('combobox', { name: 'Search products' }).fill('textbook');
    const card = page.getByTestId('search-results').getByTestId('product-card').filter({ hasText: TEXTBOOK });
    await expect(card).toBeVisible();
    await expectNoSideScroll(page, '/marketplace?query=textbook');
    // The card's own buttons are smaller (two cards a row) but on the screen and at WCAG 2.5.8's 24 px.
    await expectWithinReach(card.getByRole('button', { name: `Add to Cart: ${TEXTBOOK}` }), "the card's Add to Cart", 24);

    await card.getByRole('link', { name: TEXTBOOK }).tap();
    await expect(page.getByRole('heading', { level: 1, name: TEXTBOOK })).toBeVisible();
    await expectNoSideScroll(page, 'the product page');
    await expectAxeClean(page, 'the product page');
    const add = page.getByRole('button', { name: `Add to Cart: ${TEXTBOOK}` });
    await expectWithinReach(add, "the product page's Add to Cart");
    await add.tap();
    await expect.poll(() => badgeCount(page, 'cart')).toBe(1);

    await page.goto('/cart');
    await expect(page.getByRole('region', { name: 'Book Nook' })).toContainText(TEXTBOOK);
    await expectNoSideScroll(page, '/cart');
    await expectAxeClean(page, '/cart');
    await expectWithinReach(page.getByRole('button', { name: 'Checkout All' }), 'Checkout All');

    // Checkout on the phone: the pickup details dialog fits and is axe-clean, the payment returns with the code.
    await page.getByRole('button', { name: 'Checkout All' }).tap();
    await expect(page.getByRole('dialog', { name: 'Pickup details' })).toBeVisible();
    await expectNoSideScroll(page, 'the pickup details dialog');
    await expectAxeClean(page, 'the pickup details dialog');
    await givePickupDetails(page);
    await onSandboxCheckout(page, 'Pay');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    await expect(page.getByTestId('completion-code')).toHaveText(/^\d{6}$/);
    await expectNoSideScroll(page, 'the payment return page');
    await expectAxeClean(page, 'the payment return page');
  },
);

test(
  "a seller on a phone: an order's actions in reach, the item in the Accept Order picker, every back-office screen fits",
  {
    tag: ['@seller', '@auth', '@cart'],
  },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const seller = await apiSignIn(request, 'gadgethub');
    const store = await apiAs(request, seller.token);
    const listing = await productNamed(store, 'JBL Go 3 Bluetooth speaker');
    const buyer: Buyer = await apiSignIn(request, 'buyer');
    const order = await buyThroughApi(page, request, buyer, listing.id);

    await signInThroughApi(page, request, 'gadgethub');
    await page.goto('/seller/orders');
    await expect(page.getByRole('button', { name: `Confirm order ${order.orderCode}` })).toBeVisible();
    await expectNoSideScroll(page, '/seller/orders');
    await expectAxeClean(page, '/seller/orders');
    for (const action of ['Confirm', 'Accept', 'Cancel']) {
      await expectWithinReach(page.getByRole('button', { name: `${action} order ${order.orderCode}` }), `${action} on the order`);
    }

    await page.getByRole('button', { name: `Accept order ${order.orderCode}` }).tap();
    const dialog = page.getByRole('dialog', { name: 'Accept Order' });
    await expect(dialog.getByTestId('picked-order')).toContainText(order.orderCode);
    await expect(dialog.getByTestId('picked-order')).toContainText('JBL Go 3 Bluetooth speaker');
    await expectNoSideScroll(page, 'the Accept Order dialog');
    await dialog.getByRole('textbox', { name: 'Completion code' }).fill(order.completionCode ?? '');
    await expectWithinReach(dialog.getByRole('button', { name: 'Complete order' }), 'Complete order');
    await dialog.getByRole('button', { name: 'Complete order' }).tap();
    await expect(dialog.getByText('Order completed successfully!')).toBeVisible();
    // Where the money went, to the kobo, from the completion's own answer.
    await expect(dialog.getByTestId('release-summary')).toContainText(`${order.orderCode}: ₦`);
    await expect(dialog.getByTestId('release-fee')).toContainText('reached your Available balance');
    await expectAxeClean(page, 'the completed Accept Order dialog');
    await dialog.getByRole('button', { name: 'Done' }).tap();

    for (const [path, title] of [
      ['/seller/dashboard', 'Dashboard'],
      ['/seller/products', 'Products'],
      ['/seller/products/add', 'Add Product'],
      ['/seller/customers', 'Customers'],
      ['/seller/analytics', 'Analytics'],
      ['/seller/settings', 'Settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('seller-page-title')).toHaveText(title);
      await expectNoSideScroll(page, path);
      await expectAxeClean(page, path);
    }
  },
);
