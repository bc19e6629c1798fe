/**
 * The demo a newcomer meets after `npm start` on a fresh data directory (as
 * the journeys start the product; NODE_ENV=test seeds it like any
 * non-production start): the demo buyer's orders in several states, each demo
 * store's held / available / paid-out money (the ledger's figures, which the
 * API test checks against the orders and payouts), and Analytics with weeks
 * of revenue, units per product, views and conversion — a product page viewed
 * in the marketplace adds to its store's impressions.
 */
import { expect, test } from '../support/journey';
import { signInThroughApi } from '../support/accounts';
import { apiSignIn } from '../support/checkout';
import { apiAs, demoToken } from '../support/shop';

const STORES = ['gadgethub', 'booknook', 'threads', 'hostelhacks'];
const DAY = 86_400_000;

async function storeOf(request: Parameters<typeof apiSignIn>[0], local: string) {
  const store = await apiSignIn(request, local);
  const headers = { Authorization: `Bearer ${store.token}` };
  const id = ((await (await request.get(`${store.api}/seller/profile`, { headers })).json()) as { data: { id: string } }).data.id;
  const read = async <T>(path: string) => ((await (await request.get(`${store.api}${path}`, { headers })).json()) as { data: T }).data;
  return { id, read };
}

test("the demo buyer's Profile → Orders shows orders in at least four statuses", { tag: ['@auth'] }, async ({ page, request }) => {
  await signInThroughApi(page, request, 'buyer');
  await page.goto('/profile?tab=orders');
  const statuses = page.getByTestId('buyer-order').getByTestId('order-status');
  await expect(statuses.first()).toBeVisible();
  // Newest first, a page at a time: the other journeys' new orders come first, the term's history after them.
  const more = page.getByRole('button', { name: 'Show more orders' });
  const seen = new Set<string>();
  for (let pages = 0; pages < 30; pages += 1) {
    for (const text of await statuses.allTextContents()) seen.add(text.trim().toLowerCase());
    if (seen.size >= 4 || !(await more.isVisible())) break;
    const shown = await statuses.count();
    await more.click();
    await expect.poll(() => statuses.count()).toBeGreaterThan(shown);
  }
  expect(seen.size, [...seen].join(', ')).toBeGreaterThanOrEqual(4);
});

test(
  "each demo store's dashboard shows non-zero held, available and paid-out money, its ledger's figures",
  { tag: ['@auth', '@seller'] },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    for (const local of STORES) {
      const store = await storeOf(request, local);
      const money = await store.read<{ held: string; available: string; paidOut: string }>(`/sellers/${store.id}/payouts`);
      expect(Number(money.held), `${local} held`).toBeGreaterThan(0);
      expect(Number(money.available), `${local} available`).toBeGreaterThan(0);
      expect(Number(money.paidOut), `${local} paid out`).toBeGreaterThan(0);
      await signInThroughApi(page, request, local);
      await page.goto('/seller/dashboard');
      // Non-zero naira on each card (the figures' agreement with the ledger, to the kobo: api/test/platform/demo-history.test.ts).
      for (const id of ['balance-held', 'balance-available', 'balance-paid-out'])
        await expect(page.getByTestId(id), `${local}: ${id}`).toContainText(/₦[1-9][\d,]*\.\d\d/);
    }
  },
);

test(
  'Analytics shows weeks of revenue, units per product and impressions; a product page viewed counts',
  { tag: ['@auth', '@seller', '@marketplace'] },
  async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const store = await storeOf(request, 'gadgethub');
    const orders = await store.read<Array<{ createdAt: string }>>(`/orders/${store.id}/seller?limit=100`);
    const oldest = Math.min(...orders.map((o) => new Date(o.createdAt).getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(8 * 7 * DAY);

    await signInThroughApi(page, request, 'gadgethub');
    await page.goto('/seller/analytics');
    const impressions = page.getByTestId('product-impressions');
    await expect(impressions).toContainText('Product page views, last 12 weeks');
    const shownViews = Number((await impressions.locator('p').nth(1).textContent())?.replace(/,/g, ''));
    expect(shownViews).toBeGreaterThan(0);
    // The term's revenue (the default range), day by day, as its table; 30 days on the switch.
    const term = page.getByRole('table', { name: 'Revenue per day over the last 12 weeks' });
    expect(await term.getByRole('row').count()).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: '30 days' }).click();
    await expect(page.getByRole('img', { name: 'Revenue per day over the last 30 days' })).toBeVisible();
    expect(await page.getByRole('table', { name: 'Units sold per product' }).getByRole('row').count()).toBeGreaterThanOrEqual(3);
    const views = page.getByRole('table', { name: 'Views and orders per product, last 12 weeks' });
    expect(await views.getByTestId('product-views-row').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();

    // A student looks at the store's products (product pages are for signed-in students): the store's views go up,
    // written within seconds. A view counts once per student, product and day, and other journeys (or a retry)
    // may have counted some already, so the student goes on to the next product until one counts.
    const buyerApi = await apiAs(request, await demoToken(request, 'buyer'));
    const listings = ((await buyerApi.get(`/sellers/${store.id}/catalogue?limit=20`)) as { data: { products: Array<{ slug: string }> } })
      .data.products;
    expect(listings.length).toBeGreaterThan(0);
    const totalViews = async () => (await store.read<{ totalViews: number }>(`/sellers/${store.id}/product-views`)).totalViews;
    const visitor = await browser.newContext();
    const shopper = await visitor.newPage();
    await signInThroughApi(shopper, request, 'hostelhacks');
    let counted = false;
    for (const listing of listings) {
      const before = await totalViews();
      await shopper.goto(`/product/${listing.slug}`);
      await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible();
      counted = await expect
        .poll(totalViews, { timeout: 12_000 })
        .toBeGreaterThan(before)
        .then(
          () => true,
          () => false,
        );
      if (counted) break;
    }
    expect(counted, "a student's view of one of the store's products was counted").toBe(true);
    await visitor.close();
  },
);
