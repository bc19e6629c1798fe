/**
 * The operations console across the running product: a buyer reports a new listing from its
 * page; the demo operator (`ops@…`, made an operator by the demo seed as `npm run ops -- grant`
 * would) enrols an authenticator on the first visit (the TOTP code computed here from the key
 * the page shows) and hides the listing; it is gone from the marketplace search at once and
 * the seller is e-mailed. A buyer's dispute is decided from the console; both sides are told.
 * With remote-ops stopped, the rest of the site works.
 */
import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '../support/journey';
import { runtimeConfig, signInThroughApi } from '../support/accounts';
import { apiSignIn, buyThroughApi, buyerOrders, type Buyer } from '../support/checkout';
import { waitForMail } from '../support/mailbox';
import { noisyPng } from '../support/photos';
import { FOREIGN_ENVIRONMENT, TEST_TIMINGS } from '../support/ports';
import { startRemote, stopRemote } from '../support/product';
import { skipUnlessDisputesOpenAtOnce } from '../support/test-support';

/** RFC 6238 (SHA-1, 6 digits, 30 s), what an authenticator app computes from the key. */
function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const auth = (s: Buyer) => ({ Authorization: `Bearer ${s.token}` });

/** The 30-second step of a TOTP code at a time. */
const stepAt = (at: number) => Math.floor(at / 30_000);

/**
 * The code to type next, and its step: the server accepts each step once, and one step of drift either
 * way (api/src/ops/totp.ts). When the current step was used, the next one is typed at once (drift the
 * server allows), so a second sign-in does not wait for the clock; a third inside one step waits.
 */
async function nextCode(page: Page, secret: OperatorSecret): Promise<string> {
  let step = stepAt(Date.now());
  if (secret.lastStep !== null && secret.lastStep >= step) {
    step = secret.lastStep + 1;
    const wait = (step - 1) * 30_000 - Date.now() + 500;
    if (wait > 0) await page.waitForTimeout(wait);
  }
  secret.lastStep = step;
  return totp(secret.value ?? '', step * 30_000);
}

interface OperatorSecret {
  value: string | null;
  /** The step of the last code typed (each is accepted once). */
  lastStep: number | null;
}

/** The operator's console, past the second factor: enrols on the first visit, else types the next code. */
async function openConsole(page: Page, path: string, secret: OperatorSecret): Promise<void> {
  await page.goto(path);
  const enrol = page.getByRole('heading', { name: 'Set up your authenticator' });
  const verify = page.getByRole('heading', { name: 'Confirm it is you' });
  const content = page.getByTestId('ops-content');
  await expect(page.getByRole('heading', { level: 1, name: /Operations console/ })).toBeVisible();
  await expect(enrol.or(verify).or(content)).toBeVisible();
  if (await enrol.isVisible()) {
    secret.value = (await page.getByTestId('totp-secret').textContent())?.trim() ?? null;
    await page.getByRole('textbox', { name: 'Code' }).fill(await nextCode(page, secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    await page.getByRole('button', { name: 'I have kept them' }).click();
  } else if (await verify.isVisible()) {
    await page.getByRole('textbox', { name: 'Code' }).fill(await nextCode(page, secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(content).toBeVisible();
}

test.describe.configure({ mode: 'serial' });
const secret: OperatorSecret = { value: null, lastStep: null };

test(
  'a buyer reports a listing; the operator hides it: gone from search at once, the seller e-mailed',
  { tag: ['@ops', '@marketplace'] },
  async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const config = await runtimeConfig(request);
    const store = await apiSignIn(request, 'hostelhacks');
    const storeId = (
      (await (await request.get(`${store.api}/seller/profile`, { headers: auth(store) })).json()) as { data: { id: string } }
    ).data.id;
    const name = `Counterfeit earphones ${Date.now()}`;
    const created = await request.post(`${store.api}/sellers/${storeId}/catalogue`, {
      headers: auth(store),
      multipart: {
        name,
        description: 'Definitely original',
        price: '3,000',
        stockQuantity: '2',
        categoryId: 'electronics',
        files: { name: 'p.png', mimeType: 'image/png', buffer: noisyPng(64, 7) },
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const product = ((await created.json()) as { data: { id: string; slug: string } }).data;

    // 1. The buyer reports it from its page.
    await signInThroughApi(page, request, 'buyer');
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByRole('combobox', { name: 'Reason' }).selectOption('counterfeit');
    await dialog.getByRole('textbox', { name: 'What is wrong?' }).fill('The logo is fake');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Report received' })).toBeVisible();

    // 2. The operator, in a browser of their own, sees it grouped under the listing and hides it.
    const opsContext = await browser.newContext();
    const ops = await opsContext.newPage();
    await signInThroughApi(ops, request, 'ops');
    await openConsole(ops, '/ops', secret);
    const group = ops.getByRole('article', { name });
    await expect(group).toContainText('The logo is fake');
    await group.getByRole('button', { name: 'Hide listing' }).click();
    await group.getByRole('textbox', { name: /Reason/ }).fill('Counterfeit brand');
    await group.getByRole('button', { name: 'Hide listing' }).click();
    const hiddenAt = Date.now();

    // 3. Gone from the marketplace search within a second of the answer.
    // Hiding handles the listing's reports: its group leaves the open reports.
    await expect(group).toHaveCount(0);
    await page.goto(`/marketplace?query=${encodeURIComponent(name)}`);
    await expect(page.getByTestId('search-results').getByTestId('product-card').filter({ hasText: name })).toHaveCount(0, {
      timeout: 1000,
    });
    expect(Date.now() - hiddenAt).toBeLessThan(10_000);

    // 4. The seller is told.
    const notice = await waitForMail(request, config.apiBaseUrl, store.email, /has been hidden/);
    expect(notice.text).toContain('Counterfeit brand');

    // The audit log shows the action.
    await ops.goto('/ops/audit');
    await expect(ops.getByRole('table', { name: 'Audit log' })).toContainText('listing.hide');
    await opsContext.close();
  },
);

test(
  'a dispute opened by a buyer is decided from the console; both sides are told; without remote-ops the site works',
  // Buyers may dispute 3 s after paying only where the API has the test-only timings; it stops remote-ops only on the suite's own product.
  { tag: ['@ops', '@auth', '@marketplace', '@cart', TEST_TIMINGS] },
  async ({ page, browser, request }) => {
    await skipUnlessDisputesOpenAtOnce(request);
    test.setTimeout(240_000);
    const config = await runtimeConfig(request);
    const store = await apiSignIn(request, 'booknook');
    const storeId = (
      (await (await request.get(`${store.api}/seller/profile`, { headers: auth(store) })).json()) as { data: { id: string } }
    ).data.id;
    const listing = (
      (await (await request.get(`${store.api}/sellers/${storeId}/catalogue`)).json()) as {
        data: { products: Array<{ id: string; stockQuantity: number }> };
      }
    ).data.products.find((p) => p.stockQuantity > 0);
    const buyer = await apiSignIn(request, 'buyer');
    const order = await buyThroughApi(page, request, buyer, listing?.id ?? '');
    expect(
      (await request.put(`${store.api}/orders/${order.id}/status`, { headers: auth(store), data: { orderStatus: 'CONFIRMED' } })).ok(),
    ).toBe(true);
    await expect
      .poll(async () => (await buyerOrders(request, buyer)).find((o) => o.id === order.id) as unknown as { disputable?: boolean }, {
        timeout: 15_000,
      })
      .toMatchObject({ disputable: true });
    const opened = await request.post(`${buyer.api}/orders/${order.id}/dispute`, {
      headers: auth(buyer),
      data: { reason: 'The book never came' },
    });
    expect(opened.status()).toBe(201);

    const opsContext = await browser.newContext();
    const ops = await opsContext.newPage();
    await signInThroughApi(ops, request, 'ops');
    await openConsole(ops, '/ops/disputes', secret);
    await ops.getByRole('button', { name: new RegExp(`Order ${order.orderCode}`) }).click();
    const detail = ops.getByRole('region', { name: `Dispute on order ${order.orderCode}` });
    await expect(detail).toContainText('The book never came');
    await detail.getByRole('combobox', { name: 'Outcome' }).selectOption('refund');
    await detail.getByRole('textbox', { name: /Reason/ }).fill('No proof of delivery');
    await detail.getByRole('button', { name: 'Decide' }).click();
    await expect(detail).toContainText('refunded');
    await opsContext.close();

    // Both sides: e-mailed, and the order's dispute says so.
    for (const to of [buyer.email, store.email])
      await waitForMail(request, config.apiBaseUrl, to, new RegExp(`Dispute on order ${order.orderCode} decided`));
    for (const side of [buyer, store]) {
      const dispute = (await (await request.get(`${side.api}/orders/${order.id}/dispute`, { headers: auth(side) })).json()) as {
        data: { status: string; decisionNote: string };
      };
      expect(dispute.data).toMatchObject({ status: 'refunded', decisionNote: 'No proof of delivery' });
    }

    // Without remote-ops, the rest of the site works (only on the product the suite started: it stops a server).
    if (FOREIGN_ENVIRONMENT) return;
    await stopRemote('remoteOps');
    try {
      await signInThroughApi(page, request, 'buyer');
      await page.goto('/marketplace');
      await expect(page.getByTestId('search-results')).toBeVisible();
      await page.goto('/profile?tab=orders');
      await expect(page.getByRole('article').filter({ hasText: `Order ${order.orderCode}` })).toBeVisible();
    } finally {
      await startRemote('remoteOps');
    }
  },
);
