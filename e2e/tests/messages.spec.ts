/**
 * Messaging journeys: a buyer and a store's owner in two browsers of their own talk live
 * (no reload) through remote-messages and the API's event stream, photos included; the
 * navbar's unread badge and the new-message notice; a message sent while the seller's
 * browser is closed waits for them; /chat with remote-messages down; axe on /chat.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '../support/journey';
import { signInThroughApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { noisyPng } from '../support/photos';
import { OWN_PRODUCT } from '../support/ports';
import { startRemote, stopRemote } from '../support/product';
import { apiAs, demoToken, productNamed, type Api } from '../support/shop';

const BUYER = 'buyer';
const SELLER = 'gadgethub';
const STORE_NAME = 'Gadget Hub';
const BUYER_NAME = 'Ada Buyer';

interface ConversationRow {
  id: string;
  unread: number;
}

async function apiFor(request: APIRequestContext, local: string): Promise<Api> {
  return apiAs(request, await demoToken(request, local));
}

/** Marks every conversation of the account read, so its badge starts at zero. */
async function readEverything(request: APIRequestContext, local: string): Promise<void> {
  const api = await apiFor(request, local);
  const list = (await api.get('/messages/conversations')) as { data: { conversations: ConversationRow[] } };
  for (const c of list.data.conversations) if (c.unread > 0) await api.post(`/messages/conversations/${c.id}/read`, {});
}

/** A browser of the student's own, signed in. */
async function browserOf(browser: Browser, request: APIRequestContext, local: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, request, local);
  return { context, page };
}

const mainNav = (page: Page) => page.getByTestId('desktop-nav');
const thread = (page: Page) => page.getByRole('log');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  // Optimistic first, then the API's answer takes its place.
  await expect(thread(page).getByTestId('message').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
}

/** Marks the page so a reload (which would drop the mark) fails the journey. */
async function noReloadMarker(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => Object.assign(window, { __noReload: true }));
  return async () => expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

test(
  'a buyer and a seller exchange messages live, photos included, from the product to the Buyers inbox and back',
  { tag: ['@messages', '@marketplace', '@seller'] },
  async ({ browser, request }) => {
    const product = await productNamed(await apiFor(request, BUYER), 'Samsung Galaxy A14 64GB');
    const stamp = Date.now();
    const question = `Is the Galaxy still available? (${stamp})`;
    const answer = `Yes, here it is (${stamp})`;

    const seller = await browserOf(browser, request, SELLER);
    await seller.page.goto('/seller/dashboard');
    await mainNav(seller.page)
      .getByRole('link', { name: /^Buyers/ })
      .click();
    await expect(seller.page.getByRole('heading', { level: 1, name: 'Buyers' })).toBeVisible();
    const sellerStill = await noReloadMarker(seller.page);

    const buyer = await browserOf(browser, request, BUYER);
    // From the product page: its Message link opens the conversation about the product.
    await buyer.page.goto(`/product/${product.id}`);
    await buyer.page.getByRole('link', { name: 'Message', exact: true }).click();
    await expect(buyer.page.getByRole('heading', { level: 2, name: STORE_NAME })).toBeVisible();
    await expect(buyer.page).toHaveURL(/\/chat\?c=/);
    const buyerStill = await noReloadMarker(buyer.page);
    await send(buyer.page, question);

    // The seller's inbox lists it as it arrives and opens it.
    const row = seller.page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(BUYER_NAME) })
      .filter({
        hasText: question,
      });
    await expect(row).toBeVisible();
    await row.click();
    await expect(thread(seller.page).getByText(question)).toBeVisible();
    // Opened and read: the buyer sees "Seen" under the question.
    await expect(thread(buyer.page).getByTestId('seen')).toBeVisible();

    // The answer, with a photo.
    await seller.page.getByTestId('photo-input').setInputFiles({ name: 'galaxy.png', mimeType: 'image/png', buffer: noisyPng(64, stamp) });
    await expect(seller.page.getByRole('button', { name: 'Remove galaxy.png' })).toBeVisible();
    await send(seller.page, answer);

    await expect(thread(buyer.page).getByText(answer)).toBeVisible();
    const photo = thread(buyer.page).getByRole('button', { name: 'Open photo 1' });
    await expect(photo).toBeVisible();
    await photo.click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Photo 1' });
    await expect(dialog.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // And back, still live.
    await send(buyer.page, `Great, see you at 5 (${stamp})`);
    await expect(thread(seller.page).getByText(`Great, see you at 5 (${stamp})`)).toBeVisible();
    await sellerStill();
    await buyerStill();
    await Promise.all([seller.context.close(), buyer.context.close()]);
  },
);

test(
  'the unread badge counts new messages live, a notice links to them, and reading clears it',
  { tag: ['@messages', '@seller'] },
  async ({ browser, request }) => {
    await readEverything(request, SELLER);
    const buyerApi = await apiFor(request, BUYER);
    const product = await productNamed(buyerApi, 'Tecno Spark 10 Pro');
    const seller = await browserOf(browser, request, SELLER);
    await seller.page.goto('/seller/dashboard');
    const buyers = mainNav(seller.page).getByRole('link', { name: /^Buyers/ });
    await expect(buyers).toHaveAccessibleName('Buyers');

    const conversation = ((await buyerApi.post('/messages/conversations', { productId: product.id })) as { data: { id: string } }).data;
    await buyerApi.post(`/messages/conversations/${conversation.id}/messages`, { text: 'Hello, is it new?' });
    await expect(buyers).toHaveAccessibleName('Buyers 1 unread message');
    await buyerApi.post(`/messages/conversations/${conversation.id}/messages`, { text: 'And does it come with a charger?' });
    await expect(buyers).toHaveAccessibleName('Buyers 2 unread messages');

    // The notice (the seller is elsewhere on the site) links to the conversation.
    const notice = seller.page.getByTestId('message-notice');
    await expect(notice).toContainText(`New message from ${BUYER_NAME}`);
    await expect(notice).toContainText('And does it come with a charger?');
    await notice.getByRole('link', { name: 'Open conversation' }).click();
    await expect(seller.page).toHaveURL(new RegExp(`/chat\\?c=${conversation.id}`));
    await expect(thread(seller.page).getByText('And does it come with a charger?')).toBeVisible();
    await expect(seller.page.getByRole('heading', { level: 1, name: 'Buyers' })).toBeVisible();
    await expect(mainNav(seller.page).getByRole('link', { name: /^Buyers/ })).toHaveAccessibleName('Buyers');
    await seller.context.close();
  },
);

test(
  "a message sent while the seller's browser is closed is there when it opens",
  { tag: ['@messages', '@seller'] },
  async ({ browser, request }) => {
    const product = await productNamed(await apiFor(request, BUYER), 'Infinix Hot 30 128GB');
    const text = `Are you on campus today? (${Date.now()})`;
    const buyer = await browserOf(browser, request, BUYER);
    await buyer.page.goto(`/chat?product=${product.id}`);
    await expect(buyer.page.getByRole('heading', { level: 2, name: STORE_NAME })).toBeVisible();
    await send(buyer.page, text);
    await buyer.context.close();

    const seller = await browserOf(browser, request, SELLER);
    await seller.page.goto('/seller/dashboard');
    await expect(mainNav(seller.page).getByRole('link', { name: /^Buyers/ })).toHaveAccessibleName(/^Buyers \d+ unread/);
    await mainNav(seller.page)
      .getByRole('link', { name: /^Buyers/ })
      .click();
    const row = seller.page.getByRole('navigation', { name: 'Conversations' }).getByRole('link').filter({ hasText: text });
    await expect(row).toContainText('Infinix Hot 30 128GB');
    await expect(row.getByTestId('unread-dot')).toBeVisible();
    await row.click();
    await expect(thread(seller.page).getByText(text)).toBeVisible();
    await seller.context.close();
  },
);

test('/chat passes axe, with a conversation open', { tag: ['@messages'] }, async ({ page, request }) => {
  const product = await productNamed(await apiFor(request, BUYER), 'Samsung Galaxy A14 64GB');
  await signInThroughApi(page, request, BUYER);
  await page.goto(`/chat?product=${product.id}`);
  await expect(page.getByRole('heading', { level: 2, name: STORE_NAME })).toBeVisible();
  await expect(composer(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/chat');
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('with remote-messages down', { tag: ['@messages', '@marketplace', '@cart', '@auth', OWN_PRODUCT] }, () => {
  test.afterEach(async () => startRemote('remoteMessages').catch(() => undefined));

  test('every other page still works, and /chat shows the remote fallback with Retry', async ({ page, request }) => {
    await stopRemote('remoteMessages');
    await signInThroughApi(page, request, BUYER);
    await page.goto('/marketplace');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('This part of the marketplace could not be loaded')).toHaveCount(0);

    await page.goto('/chat');
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Me', exact: true })).toBeVisible();

    await startRemote('remoteMessages');
    await retry.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  });
});
