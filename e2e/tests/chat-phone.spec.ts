/**
 * Chat on a 390 px touch phone (the "phone" project, playwright.config.ts): a buyer opens the
 * store's answer from the conversation list. The thread's header keeps the store's name whole on
 * its line and the product's on at most two; the thread fills the screen below the navbar with
 * the composer at its bottom (the page itself not scrolled, the footer below the fold); every
 * action is in reach; the buyer's reply leaves no unread dot on the conversation.
 */
import { expect, test, type Locator } from '../support/journey';
import { signInThroughApi } from '../support/accounts';
import { expectNoSideScroll, expectWithinReach, PHONE } from '../support/phone';
import { apiAs, demoToken, productNamed } from '../support/shop';

test.use(PHONE);

const STORE = 'Book Nook';
// Book Nook's Books shelf (demo data); its name is long enough to need a second line on a phone.
const TEXTBOOK = 'Past questions pack: 100 level sciences';

/** How many lines of text the element takes. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
    return Math.round(el.getBoundingClientRect().height / lineHeight);
  });
}

test(
  'a buyer chats with a store on a phone: both names readable, the thread fills the screen with the composer at its bottom, no dot after the reply',
  { tag: ['@messages'] },
  async ({ page, request }) => {
    const buyerApi = await apiAs(request, await demoToken(request, 'buyer'));
    const storeApi = await apiAs(request, await demoToken(request, 'booknook'));
    const product = await productNamed(buyerApi, TEXTBOOK);
    // Short: a run of ten digits would read as a phone number (the pay-in-the-app notice).
    const stamp = Date.now().toString(36);
    const conversation = ((await buyerApi.post('/messages/conversations', { productId: product.id })) as { data: { id: string } }).data;
    await buyerApi.post(`/messages/conversations/${conversation.id}/messages`, { text: `Do you have the 2024 papers? (${stamp})` });
    await storeApi.post(`/messages/conversations/${conversation.id}/messages`, { text: `Yes, up to 2024 (${stamp})` });

    await signInThroughApi(page, request, 'buyer');
    await page.goto('/chat');
    const row = page.getByTestId(`conversation-${conversation.id}`);
    await expect(row.getByTestId('unread-dot')).toBeVisible();
    await expectNoSideScroll(page, '/chat');
    await row.tap();

    // The header: the store's name whole (not "Book …"), the product's on at most two lines, whole in its link.
    const name = page.getByRole('heading', { level: 2, name: STORE });
    await expect(name).toBeVisible();
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), "the store's name fits its line").toBe(true);
    const about = page.getByTestId('thread-product');
    await expect(about).toHaveAccessibleName(`About ${TEXTBOOK}`);
    await expect(about).toHaveAttribute('title', TEXTBOOK);
    expect(await linesOf(about), "the product's name takes at most two lines").toBeLessThanOrEqual(2);
    expect((await about.boundingBox())?.width ?? 0, "the product's name has the row's width, not a word's").toBeGreaterThan(
      PHONE.viewport.width / 2,
    );
    await expect(page.getByRole('log').getByText(`Yes, up to 2024 (${stamp})`)).toBeVisible();

    // The thread fills the screen: the page is not scrolled, the composer sits at the bottom, the footer below.
    const send = page.getByRole('button', { name: 'Send' });
    await expectWithinReach(send, 'Send');
    const sendBox = await send.boundingBox();
    expect(sendBox, 'Send has a box').not.toBeNull();
    expect((sendBox?.y ?? 0) + (sendBox?.height ?? 0), 'Send is on the screen').toBeLessThanOrEqual(PHONE.viewport.height);
    expect(await page.evaluate(() => window.scrollY), 'opening the chat leaves the page where it was').toBe(0);
    const chatBottom = await page.getByTestId('chat-page').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(chatBottom, 'the thread ends at the bottom of the screen').toBeLessThanOrEqual(PHONE.viewport.height);
    expect(chatBottom, 'the thread reaches the bottom of the screen').toBeGreaterThan(PHONE.viewport.height - 2);
    const footerTop = await page.locator('footer').evaluate((el) => el.getBoundingClientRect().top);
    expect(footerTop, 'the footer is below the screen').toBeGreaterThanOrEqual(PHONE.viewport.height);
    await expectNoSideScroll(page, 'the thread');
    for (const [action, label] of [
      [page.getByRole('link', { name: 'Back to conversations' }), 'Back'],
      [page.getByRole('button', { name: 'Block' }), 'Block'],
      [page.getByRole('button', { name: 'Report conversation' }), 'Report'],
      [page.getByRole('button', { name: 'Add photos' }), 'Add photos'],
    ] as const) {
      await expectWithinReach(action, label);
    }

    // The reply; back in the list the conversation's last message is the buyer's, without a dot.
    const reply = `Great, I will come by at 4 (${stamp})`;
    await page.getByRole('textbox', { name: 'Message' }).fill(reply);
    await send.tap();
    await expect(page.getByRole('log').getByTestId('message').filter({ hasText: reply })).toBeVisible();
    await expect(page.getByTestId('pending-message')).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY), 'sending leaves the page where it was').toBe(0);
    await page.getByRole('link', { name: 'Back to conversations' }).tap();
    await expect(row).toContainText(`You: ${reply}`);
    await expect(row.getByTestId('unread-dot')).toHaveCount(0);
  },
);
