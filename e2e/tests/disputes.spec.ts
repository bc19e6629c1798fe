/**
 * Disputes instead of free refunds, across the running product: a buyer's
 * order the seller accepted and never completed is disputed from Profile →
 * Orders; the seller answers with text and a photo from the back office; both
 * see the dispute and its statements, and the money stays held.
 *
 * The API's clock cannot be moved here, so the journeys' API runs with
 * ORDERS_BUYER_WAIT_SECONDS=3 (global-setup.ts): the 14 days after payment are
 * 3 seconds. The API honours that setting only under NODE_ENV=test, so the journey
 * is tagged @test-timings and skips itself on a product whose buyers wait longer
 * (staging's 14 days).
 */
import { expect, test } from '../support/journey';
import { runtimeConfig, signInThroughApi } from '../support/accounts';
import { apiSignIn, buyThroughApi, buyerOrders, type Buyer } from '../support/checkout';
import { waitForMail } from '../support/mailbox';
import { noisyPng } from '../support/photos';
import { TEST_TIMINGS } from '../support/ports';
import { skipUnlessDisputesOpenAtOnce } from '../support/test-support';

const STORE = 'booknook';

test(
  'the buyer disputes an accepted order from Profile → Orders, the seller answers with a photo, both see it; the money stays held',
  { tag: ['@auth', '@seller', '@cart', TEST_TIMINGS] },
  async ({ page, browser, request }) => {
    await skipUnlessDisputesOpenAtOnce(request);
    test.setTimeout(180_000);
    const store = await apiSignIn(request, STORE);
    const storeAuth = { Authorization: `Bearer ${store.token}` };
    const storeId = ((await (await request.get(`${store.api}/seller/profile`, { headers: storeAuth })).json()) as { data: { id: string } })
      .data.id;
    const listing = (
      (await (await request.get(`${store.api}/sellers/${storeId}/catalogue`)).json()) as {
        data: { products: Array<{ id: string; stockQuantity: number }> };
      }
    ).data.products.find((p) => p.stockQuantity > 0);
    expect(listing).toBeTruthy();
    const buyer: Buyer = await apiSignIn(request, 'buyer');
    const order = await buyThroughApi(page, request, buyer, listing?.id ?? '');
    const heldBefore = (
      (await (await request.get(`${store.api}/sellers/${storeId}/payouts`, { headers: storeAuth })).json()) as { data: { held: string } }
    ).data.held;

    // The seller accepts the order; it is never completed.
    const confirmed = await request.put(`${store.api}/orders/${order.id}/status`, {
      headers: storeAuth,
      data: { orderStatus: 'CONFIRMED' },
    });
    expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
    // Past the (shortened) wait after payment, the API offers the dispute instead of a cancel.
    await expect
      .poll(
        async () => (await buyerOrders(request, buyer)).find((o) => o.id === order.id) as unknown as { disputable?: boolean } | undefined,
        { timeout: 15_000 },
      )
      .toMatchObject({ disputable: true });
    const cancel = await request.post(`${buyer.api}/orders/${order.id}/cancel`, { headers: { Authorization: `Bearer ${buyer.token}` } });
    expect(cancel.status()).toBe(409);

    // 1. The buyer opens the dispute on the Orders tab.
    await signInThroughApi(page, request, 'buyer');
    await page.goto('/profile?tab=orders');
    const card = page.getByRole('article').filter({ hasText: `Order ${order.orderCode}` });
    await expect(card.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    await card.getByRole('button', { name: `Open a dispute on order ${order.orderCode}` }).click();
    const form = card.getByRole('form', { name: `Open a dispute on order ${order.orderCode}` });
    await form.getByLabel('What went wrong?').fill('I collected the book but half the pages are missing.');
    await form.getByRole('button', { name: 'Open dispute' }).click();
    await expect(page.getByText('Dispute opened. The money stays held until the campus team decides.')).toBeVisible();
    await expect(card.getByTestId('dispute-status')).toHaveText('In dispute: the money is held until the campus team decides.');
    await expect(card.getByTestId('completion-code')).toHaveCount(0);
    // Both sides are told (the API's outbox, read through its test-support interface).
    const { apiBaseUrl } = await runtimeConfig(request);
    const subject = new RegExp(`^Dispute opened on order ${order.orderCode}$`);
    await waitForMail(request, apiBaseUrl, buyer.email, subject);
    await waitForMail(request, apiBaseUrl, store.email, subject);

    // 2. The seller sees it in the back office and answers with text and a photo.
    const sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await signInThroughApi(sellerPage, request, STORE);
    await sellerPage.goto('/seller/orders');
    const row = sellerPage.getByTestId(`order-${order.id}`);
    await expect(row.getByTestId('dispute-badge')).toHaveText('In dispute');
    await expect(row.getByRole('button', { name: /^(Process|Cancel) order/ })).toHaveCount(0);
    await row.getByRole('button', { name: `Answer dispute on order ${order.orderCode}` }).click();
    const dialog = sellerPage.getByRole('dialog', { name: `Dispute on order ${order.orderCode}` });
    await expect(dialog.getByText('I collected the book but half the pages are missing.')).toBeVisible();
    await dialog.getByLabel('Your answer').fill('Every page was there when it was collected; here is the book at handover.');
    await dialog.getByLabel('Add photos').setInputFiles([{ name: 'handover.png', mimeType: 'image/png', buffer: noisyPng(200, 7) }]);
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await expect(dialog.getByText('Statement added to the dispute.')).toBeVisible();
    const sellerStatements = dialog.getByRole('list', { name: 'Statements' });
    await expect(sellerStatements.getByText('Every page was there when it was collected; here is the book at handover.')).toBeVisible();
    await expect(sellerStatements.getByRole('img', { name: 'You: photo 1' })).toBeVisible();
    await sellerContext.close();

    // 3. The buyer sees the seller's answer with its photo.
    await page.reload();
    const statements = card.getByRole('list', { name: 'Statements' });
    await expect(statements.getByText('Seller')).toBeVisible();
    await expect(statements.getByText('Every page was there when it was collected; here is the book at handover.')).toBeVisible();
    await expect(statements.getByRole('img', { name: 'Seller: photo 1' })).toBeVisible();
    // The photo really loads from the API's uploads.
    await expect
      .poll(() => statements.getByRole('img', { name: 'Seller: photo 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // No money moved: the store still holds it, the order keeps its status.
    const after = (await buyerOrders(request, buyer)).find((o) => o.id === order.id);
    expect(after?.orderStatus).toBe('CONFIRMED');
    const heldAfter = (
      (await (await request.get(`${store.api}/sellers/${storeId}/payouts`, { headers: storeAuth })).json()) as { data: { held: string } }
    ).data.held;
    expect(heldAfter).toBe(heldBefore);
  },
);
