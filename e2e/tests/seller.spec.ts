/**
 * The seller remote across the running product, on the Paystack
 * sandbox. The first journey's buyer uses remote-cart in a browser of their
 * own; the others buy through the API and the sandbox's checkout page
 * (support/checkout.ts), which is all they need.
 */
import { expect, test, type Page } from '../support/journey';
import { DEMO_PASSWORD, demoEmail, runtimeConfig, signInThroughApi } from '../support/accounts';
import { apiSignIn, buyThroughApi, buyerOrders, type Buyer } from '../support/checkout';
import { noisyPng } from '../support/photos';
import { OWN_PRODUCT, SELLER_REMOTE_URL, SHELL_URL } from '../support/ports';
import { badgeCount, givePickupDetails, onSandboxCheckout, signInOnPage } from '../support/shop';
import { startRemote, stopRemote } from '../support/product';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Upload at about 200 KB/s, so the photos' upload takes a few seconds, as on a campus network. */
async function slowUploads(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
}

/** The chrome's Accept Order: the order picked from the dialog's open orders first, then its code. */
async function acceptOrder(page: Page, orderCode: string, code: string) {
  await page.getByRole('button', { name: 'Accept Order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept Order' });
  await dialog
    .getByRole('list', { name: 'Open orders' })
    .getByRole('button', { name: new RegExp(orderCode) })
    .click();
  await dialog.getByRole('textbox', { name: 'Completion code' }).fill(code);
  await dialog.getByRole('button', { name: 'Complete order' }).click();
  return dialog;
}

test(
  "a student becomes a seller, sells a product with two photos, completes the order with the buyer's code, and is paid",
  { tag: ['@auth', '@marketplace', '@cart', '@seller'] },
  async ({ page, request }) => {
    test.setTimeout(240_000);
    const productName = `Desk lamp ${Date.now().toString(36)}`;

    // 1. Become a seller: the navbar changes with no reload. Signed in through the page, so later page loads
    // read the session the app itself stored (signInThroughApi would put back the pre-seller user on each load).
    await page.goto('/login');
    await page.getByLabel('Email').fill(await demoEmail(request, 'seller'));
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/marketplace/);
    await mainNav(page).getByRole('link', { name: 'Sell' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Become a seller' })).toBeVisible();
    await page.getByRole('textbox', { name: /Store name/ }).fill('Lamp Corner');
    await page.getByRole('textbox', { name: /Store description/ }).fill('Desk lamps for late-night reading');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('combobox', { name: /Bank/ }).selectOption('Kuda Bank');
    await page.getByRole('textbox', { name: /Account number/ }).fill('2012345678');
    await page.getByRole('textbox', { name: /Account name/ }).fill('Sola Seller');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: /Phone number/ }).fill('08031234567');
    await page.getByRole('textbox', { name: /Location/ }).fill('Jaja Hall');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    await expect(mainNav(page).getByRole('link', { name: 'Seller Dashboard' })).toBeVisible();
    await expect(page.getByTestId('seller-page-title')).toHaveText('Dashboard');
    // The API checked the account with the (sandbox) bank and kept the bank's name for it.
    await expect(page.getByTestId('payout-account')).toContainText('Payouts go to SANDBOX ACCOUNT 5678, Kuda Bank ••••5678.');
    expect(navigations.filter((u) => !u.endsWith('/seller/dashboard'))).toEqual([]);
    expect(navigations.length).toBeLessThanOrEqual(1); // the router's push, never a page load

    // 2. Add a product with two photos; the upload's progress shows.
    await page.getByRole('link', { name: 'Add product' }).first().click();
    await expect(page.getByTestId('seller-page-title')).toHaveText('Add Product');
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: noisyPng(300, 11) },
      { name: 'side.png', mimeType: 'image/png', buffer: noisyPng(300, 23) },
    ]);
    await page.getByRole('textbox', { name: /Product name/ }).fill(productName);
    await page.getByRole('textbox', { name: /Description/ }).fill('Warm LED desk lamp, USB powered');
    await page.getByRole('combobox', { name: /Category/ }).selectOption({ label: 'Electronics' });
    await page.getByRole('textbox', { name: /Price/ }).fill('4500');
    await page.getByRole('spinbutton', { name: /Stock quantity/ }).fill('3');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('product-preview')).toContainText('3 units in stock');
    const restore = await slowUploads(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    const bar = page.getByRole('progressbar', { name: 'Photo upload' });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/seller\/products$/, { timeout: 60_000 });
    await restore();
    const row = page.getByRole('row').filter({ hasText: productName });
    await expect(row).toContainText('₦4,500.00');
    await expect(row.getByTestId('sales')).toHaveText('0');

    // 3. It is in the marketplace search.
    await page.goto(`/marketplace?query=${encodeURIComponent(productName)}`);
    const card = page.getByTestId('search-results').getByTestId('product-card').filter({ hasText: productName });
    await expect(card).toBeVisible();
    const productId = (await card.getByRole('link', { name: productName }).first().getAttribute('href'))?.split('/').pop() ?? '';
    const sellerSession = await apiSignIn(request, 'seller');
    const mine = await (
      await request.get(`${sellerSession.api}/seller/profile`, { headers: { Authorization: `Bearer ${sellerSession.token}` } })
    ).json();
    const catalogue = await (await request.get(`${sellerSession.api}/sellers/${mine.data.id}/catalogue`)).json();
    const product = (catalogue.data.products as Array<{ id: string; slug: string; name: string; imageUrls: string[] }>).find(
      (p) => p.name === productName,
    );
    expect(product?.imageUrls).toHaveLength(2);
    expect([product?.slug, product?.id]).toContain(productId);

    // 4. A second student, in a browser of their own, buys it through remote-cart: the marketplace's
    // Add to Cart, /cart, Checkout All with pickup details, Pay on the sandbox, the return page's code.
    const buyer = await apiSignIn(request, 'buyer');
    const buyerContext = await page.context().browser()!.newContext({ baseURL: SHELL_URL });
    const buyerPage = await buyerContext.newPage();
    await request.delete(`${buyer.api}/cart/clear`, { headers: { Authorization: `Bearer ${buyer.token}` } });
    await signInOnPage(buyerPage, request, 'buyer');
    await buyerPage.goto(`/marketplace?query=${encodeURIComponent(productName)}`);
    await buyerPage
      .getByTestId('search-results')
      .getByRole('button', { name: `Add to Cart: ${productName}` })
      .click();
    await expect.poll(() => badgeCount(buyerPage, 'cart')).toBe(1);
    await buyerPage.getByTestId('nav-cart').click();
    await buyerPage.getByRole('button', { name: 'Checkout All' }).click();
    await givePickupDetails(buyerPage);
    await onSandboxCheckout(buyerPage, 'Pay');
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    const shownCode = (await buyerPage.getByTestId('completion-code').textContent())?.trim() ?? '';
    expect(shownCode).toMatch(/^\d{6}$/);
    const order = (await buyerOrders(request, buyer)).find((o) => o.orderItems.some((i) => i.product.id === product!.id));
    expect(order?.completionCode).toBe(shownCode);
    if (!order) throw new Error('the buyer has no order for the product');

    // 5. The seller confirms and processes it.
    await page.goto('/seller/orders');
    await page.getByRole('button', { name: `Confirm order ${order.orderCode}` }).click();
    await expect(page.getByTestId(`order-${order.id}`)).toContainText('CONFIRMED');
    await page.getByRole('button', { name: `Process order ${order.orderCode}` }).click();
    await expect(page.getByTestId(`order-${order.id}`)).toContainText('PROCESSING');

    // 6. The code the buyer's return page showed, through Accept Order.
    const dialog = await acceptOrder(page, order.orderCode, shownCode);
    await expect(dialog.getByText('Order completed successfully!')).toBeVisible();
    await expect(dialog).toContainText(order.orderCode);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId(`order-${order.id}`)).toContainText('DELIVERED');

    // 7. The dashboard shows the money released and the payout settled (the sandbox settles on its own).
    await page.goto('/seller/dashboard');
    await expect(page.getByTestId('revenue')).toContainText('₦4,500.00');
    // A store's first payout leaves at the next reconciliation, whatever PAYOUT_INTERVAL_HOURS says (the interval
    // spaces a store's later payouts): this store is new, so its ₦4,500 is paid out here and now.
    await expect
      .poll(
        async () => {
          await page.reload();
          return (
            (await page
              .getByRole('table', { name: 'Payouts' })
              .textContent({ timeout: 10_000 })
              .catch(() => '')) ?? ''
          );
        },
        { timeout: 60_000, intervals: [1000, 2000, 3000] },
      )
      .toContain('Paid');
    // Paid out: ₦4,500 less Paystack's fees passed through, ₦167.50 on the card payment and ₦10 for the transfer.
    await expect(page.getByTestId('balance-paid-out')).toContainText('₦4,322.50');
    await expect(page.getByTestId('balance-held')).toContainText('₦0.00');

    // 8. The buyer's profile shows it delivered, and the item can be rated there, once.
    await buyerPage.goto('/profile?tab=orders');
    const orderCard = buyerPage.getByTestId('buyer-order').filter({ hasText: productName });
    await expect(orderCard.getByTestId('order-status')).toContainText(/delivered/i);
    await expect(orderCard.getByTestId('completion-code')).toHaveCount(0);
    const rate = orderCard.getByRole('form', { name: `Rate ${productName}` });
    await rate.getByText('5 stars').click();
    await rate.getByLabel(/Review/).fill('Bright and quiet');
    await rate.getByRole('button', { name: 'Submit rating' }).click();
    await expect(orderCard.getByTestId('item-rating')).toContainText('You rated this 5 out of 5.');
    await expect(orderCard.getByRole('form', { name: `Rate ${productName}` })).toHaveCount(0);
    await buyerContext.close();
  },
);

test(
  "five wrong codes on an order replace its code: the old one fails, the buyer's new one completes it",
  { tag: ['@seller', '@cart', '@auth'] },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const store = await apiSignIn(request, 'hostelhacks');
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
    const buyer: Buyer = await apiSignIn(request, 'buyer');
    const order = await buyThroughApi(page, request, buyer, listing!.id);
    const wrong = String((Number(order.completionCode) + 1) % 1_000_000).padStart(6, '0');

    await signInThroughApi(page, request, 'hostelhacks');
    await page.goto('/seller/orders');
    await expect(page.getByTestId(`order-${order.id}`)).toContainText('PENDING');
    // Accept on the order's row: the dialog opens with that order picked.
    await page.getByRole('button', { name: `Accept order ${order.orderCode}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept Order' });
    await expect(dialog.getByTestId('picked-order')).toContainText(order.orderCode);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await dialog.getByRole('textbox', { name: 'Completion code' }).fill('');
      await dialog.getByRole('textbox', { name: 'Completion code' }).fill(wrong);
      await dialog.getByRole('button', { name: 'Complete order' }).click();
      await expect(dialog.getByText('Failed to complete order. Please try again.')).toBeVisible();
    }
    await expect(
      dialog.getByText('Too many wrong codes for this order. The buyer has been e-mailed a new code; ask them for it.'),
    ).toBeVisible();

    // The buyer's Orders show a new code; the old one no longer works.
    const after = (await buyerOrders(request, buyer)).find((o) => o.id === order.id);
    expect(after?.orderStatus).toBe('PENDING');
    expect(after?.completionCode).toMatch(/^\d{6}$/);
    expect(after?.completionCode).not.toBe(order.completionCode);
    await dialog.getByRole('textbox', { name: 'Completion code' }).fill(order.completionCode ?? '');
    await dialog.getByRole('button', { name: 'Complete order' }).click();
    await expect(dialog.getByText(/^That code does not match this order\./)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Completion code' }).fill(after?.completionCode ?? '');
    await dialog.getByRole('button', { name: 'Complete order' }).click();
    await expect(dialog.getByText('Order completed successfully!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId(`order-${order.id}`)).toContainText('DELIVERED');
  },
);

test.describe('with remote-cart down', { tag: ['@seller', '@cart', OWN_PRODUCT] }, () => {
  test.afterEach(async () => startRemote('remoteCart'));

  test('every seller page works', async ({ page, request }) => {
    await stopRemote('remoteCart');
    await signInThroughApi(page, request, 'gadgethub');
    const pages: Array<[string, string]> = [
      ['/seller/dashboard', 'Dashboard'],
      ['/seller/products', 'Products'],
      ['/seller/products/add', 'Add Product'],
      ['/seller/orders', 'Orders'],
      ['/seller/customers', 'Customers'],
      ['/seller/analytics', 'Analytics'],
      ['/seller/settings', 'Settings'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByTestId('seller-page-title')).toHaveText(title);
      await expect(page.getByRole('region', { name: title })).toBeVisible();
      await expect(page.getByText('This part of the marketplace could not be loaded')).toHaveCount(0);
    }
    await page.goto('/seller/products');
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('textbox', { name: /Product name/ })).not.toHaveValue('');
    await page.getByRole('button', { name: 'Accept Order', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Accept Order' })).toBeVisible();
  });
});

test('the seller remote serves alone, with its own sign-in frame', { tag: ['@seller'] }, async ({ page, request }) => {
  const config = await runtimeConfig(request);
  expect(config.apiBaseUrl).toBeTruthy();
  await signInThroughApi(page, request, 'gadgethub');
  await page.goto(`${SELLER_REMOTE_URL}/seller/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('revenue')).toBeVisible();
  await page.getByRole('button', { name: 'Accept Order', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Accept Order' })).toBeVisible();
});
