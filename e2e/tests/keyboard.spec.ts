/**
 * Every form usable by keyboard alone, with the focus visible.
 * One new student, no mouse: Tab and Shift+Tab to reach a control (each stop
 * on the way must show a focus indicator: support/keyboard.ts), Enter, Space
 * and the arrow keys to use it. Registration, the e-mailed code, sign in,
 * search, Add to Cart, the profile's tabs and forms, forgot and reset
 * password; then the same student becomes a seller (onboarding with its
 * cover picture), lists a product with a photo, edits it, saves the store's
 * settings and uses the Accept Order dialog (focus inside, focus back after).
 * No click() anywhere; page.goto only where a student would type the address
 * or follow an e-mailed link.
 */
import { expect, test, type Page } from '../support/journey';
import { runtimeConfig, signInAsThroughApi, signInThroughApi } from '../support/accounts';
import { fileChooserFromKey, focusWithoutIndicator, stopsWithoutFocusIndicator, tabTo } from '../support/keyboard';
import { resetLinkPath, uniqueEmail, verificationCode, waitForMail } from '../support/mailbox';
import { noisyPng } from '../support/photos';
import { apiAs } from '../support/shop';

const FIRST_PASSWORD = 'secret123';
const NEW_PASSWORD = 'newsecret456';
const CHARGER = 'USB-C fast charger 25W'; // Gadget Hub, ₦6,500

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Tab to a field and type into it (keyboard.type, never fill); `shows` is what the field then reads, when it formats. */
async function typeInto(page: Page, label: string | RegExp, text: string, options: { exact?: boolean; shows?: string } = {}) {
  const field = page.getByLabel(label, { exact: options.exact });
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(options.shows ?? text);
}

/** Tab to a button or link and press Enter. */
async function press(page: Page, target: ReturnType<Page['getByRole']>, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

test.describe('keyboard alone, with the focus visible', () => {
  test.describe.configure({ mode: 'serial' });
  let email = '';

  test(
    'register, verify, sign in, search, Add to Cart, profile forms and tabs, forgot and reset password',
    { tag: ['@auth', '@marketplace'] },
    async ({ page, request }) => {
      test.setTimeout(180_000);
      const config = await runtimeConfig(request);
      email = uniqueEmail(config.university.emailDomain, 'keyboard');

      await test.step('register', async () => {
        await page.goto('/register');
        await typeInto(page, 'Full name', 'Kemi Keys');
        await typeInto(page, 'Email', email);
        await typeInto(page, 'Password', FIRST_PASSWORD, { exact: true });
        await typeInto(page, 'Repeat password', FIRST_PASSWORD);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/verify$/);
      });

      await test.step('the six code boxes', async () => {
        const code = verificationCode(await waitForMail(request, config.apiBaseUrl, email, /verification code/i));
        await tabTo(page, page.getByLabel('Digit 1 of 6'));
        await page.keyboard.type(code); // each digit moves on to the next box
        await expect(page.getByLabel('Digit 6 of 6')).toHaveValue(code.slice(-1));
        await page.keyboard.press('Enter');
        await expect(page.getByText('Email verified successfully! Redirecting to login...')).toBeVisible();
        await expect(page).toHaveURL(/\/login$/);
      });

      await test.step('sign in', async () => {
        await typeInto(page, 'Email', email);
        await typeInto(page, 'Password', FIRST_PASSWORD, { exact: true });
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/marketplace/);
      });

      await test.step('search with the suggestions, then Add to Cart and the stepper', async () => {
        const box = page.getByRole('combobox', { name: 'Search products' });
        await tabTo(page, box);
        await page.keyboard.type('USB-C fast');
        await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/product\//);
        await expect(page.getByRole('heading', { level: 1, name: CHARGER })).toBeVisible();

        await press(page, page.getByRole('button', { name: `Add to Cart: ${CHARGER}` }));
        const more = page.getByRole('button', { name: `Increase quantity of ${CHARGER}` });
        await expect(more).toBeVisible();
        await press(page, more, 'Space');
        await expect(page.getByTestId('cart-quantity').first()).toContainText('2');
      });

      await test.step('profile: names, password, and the tabs by arrow keys', async () => {
        await press(page, mainNav(page).getByRole('link', { name: 'Me', exact: true }));
        await expect(page).toHaveURL(/\/profile$/);
        await typeInto(page, 'First name', 'Kemisola');
        await page.keyboard.press('Enter');
        await expect(page.getByText('Profile updated successfully.')).toBeVisible();
        await expect(page.getByRole('heading', { name: /Kemisola/ })).toBeVisible();

        await typeInto(page, 'Old password', FIRST_PASSWORD);
        await typeInto(page, 'New password', NEW_PASSWORD, { exact: true });
        await typeInto(page, 'Repeat new password', NEW_PASSWORD);
        await page.keyboard.press('Enter');
        await expect(page.getByText('Password changed successfully.')).toBeVisible();

        // Back up the page to the tabs: the selected one is the tab stop; arrows move between them.
        await tabTo(page, page.getByRole('tab', { name: 'Account' }), { backwards: true });
        await page.keyboard.press('ArrowLeft');
        await expect(page.getByRole('tab', { name: 'Wishlist' })).toHaveAttribute('aria-selected', 'true');
        await page.keyboard.press('ArrowLeft');
        await expect(page.getByRole('tab', { name: 'Orders' })).toBeFocused();
        await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
        await expect(page).toHaveURL(/tab=orders/);
      });

      await test.step('sign out, forgot password, the e-mailed link, reset, sign in again', async () => {
        await press(page, mainNav(page).getByRole('button', { name: 'Sign out' }));
        await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
        await press(page, mainNav(page).getByRole('link', { name: 'Sign In' }));
        await expect(page).toHaveURL(/\/login$/);
        await press(page, page.getByRole('link', { name: /Forgot/ }));
        await expect(page).toHaveURL(/\/forgot-password$/);
        await typeInto(page, 'Email', email);
        await page.keyboard.press('Enter');
        await expect(
          page.getByText('If this email is registered, you will receive password reset instructions. Please check your inbox.'),
        ).toBeVisible();

        await page.goto(resetLinkPath(await waitForMail(request, config.apiBaseUrl, email, /reset/i)));
        await typeInto(page, 'New password', FIRST_PASSWORD, { exact: true });
        await typeInto(page, 'Repeat new password', FIRST_PASSWORD);
        await page.keyboard.press('Enter');
        await expect(page.getByText('Password reset successfully! Redirecting to login...')).toBeVisible();
        await expect(page).toHaveURL(/\/login$/);
        await typeInto(page, 'Email', email);
        await typeInto(page, 'Password', FIRST_PASSWORD, { exact: true });
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/marketplace/);
      });

      const session = await signInAsThroughApi(page, request, email, FIRST_PASSWORD);
      await (await apiAs(request, session.token)).delete('/cart/clear');
    },
  );

  test(
    'become a seller, list a product with a photo, edit it, save the settings, Accept Order',
    { tag: ['@seller', '@marketplace'] },
    async ({ page, request }) => {
      test.setTimeout(180_000);
      expect(email, 'the first journey made the account').not.toBe('');
      await signInAsThroughApi(page, request, email, FIRST_PASSWORD);
      const productName = `Keyboard lamp ${Date.now().toString(36)}`;

      await test.step('onboarding: three steps, the bank from its select, the cover picture from the file chooser', async () => {
        await page.goto('/marketplace');
        await press(page, mainNav(page).getByRole('link', { name: 'Sell' }));
        await expect(page.getByRole('heading', { level: 1, name: 'Become a seller' })).toBeVisible();
        await typeInto(page, /Store name/, 'Keys and Lamps');
        await typeInto(page, /Store description/, 'Lamps for students who never touch a mouse');
        await press(page, page.getByRole('button', { name: 'Continue' }));

        const bank = page.getByRole('combobox', { name: /Bank/ });
        await tabTo(page, bank, { backwards: true });
        // A closed native select takes typed letters: "Kuda" picks Kuda Bank.
        await page.keyboard.type('Kuda');
        await expect(bank).toHaveValue('Kuda Bank');
        await typeInto(page, /Account number/, '2012345678');
        await typeInto(page, /Account name/, 'Kemi Keys');
        await page.keyboard.press('Enter');

        await typeInto(page, /Phone number/, '08031234567');
        await typeInto(page, /Location/, 'Jaja Hall');
        const cover = page.getByLabel('Cover picture');
        await tabTo(page, cover);
        await (await fileChooserFromKey(page, 'Space')).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: noisyPng(200, 5) });
        await expect(page.getByRole('img', { name: 'Cover picture preview' })).toBeVisible();
        await press(page, page.getByRole('button', { name: 'Finish' }));
        await expect(page).toHaveURL(/\/seller\/dashboard$/, { timeout: 30_000 });
      });

      await test.step('add a product: the photo through the Add photos button, the category from its select', async () => {
        await press(page, page.getByRole('link', { name: 'Add product' }).first());
        await expect(page.getByTestId('seller-page-title')).toHaveText('Add Product');
        // The button, not the visually hidden file input behind it (out of the tab order; the button opens it).
        await tabTo(page, page.locator('button').filter({ hasText: 'Add photos' }));
        await (await fileChooserFromKey(page, 'Enter')).setFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: noisyPng(200, 7) });
        await expect(page.getByRole('img', { name: 'New photo lamp.png' })).toBeVisible();
        await typeInto(page, /Product name/, productName);
        await typeInto(page, /Description/, 'Warm LED desk lamp, USB powered');
        const category = page.getByRole('combobox', { name: /Category/ });
        await tabTo(page, category);
        await page.keyboard.type('Electronics');
        await expect(category.locator('option:checked')).toHaveText('Electronics');
        await typeInto(page, /Price/, '4500', { shows: '4,500' });
        await typeInto(page, /Stock quantity/, '3');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('product-preview')).toContainText('3 units in stock');
        await press(page, page.getByRole('button', { name: 'Publish' }));
        await expect(page).toHaveURL(/\/seller\/products$/, { timeout: 60_000 });
      });

      await test.step('edit it', async () => {
        await press(page, page.getByRole('link', { name: `Edit ${productName}` }));
        await expect(page.getByTestId('seller-page-title')).toHaveText('Edit Product');
        await expect(page.getByRole('textbox', { name: /Product name/ })).toHaveValue(productName);
        await typeInto(page, /Price/, '4800', { shows: '4,800' });
        await press(page, page.getByRole('button', { name: 'Update Product' }));
        await expect(page.getByText('Product updated successfully!')).toBeVisible();
        await expect(page).toHaveURL(/\/seller\/products$/);
        await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('₦4,800.00');
      });

      await test.step('settings: the tabs by arrow keys, the store form', async () => {
        await press(page, page.getByRole('link', { name: 'Settings' }).first());
        await expect(page.getByTestId('seller-page-title')).toHaveText('Settings');
        await tabTo(page, page.getByRole('tab', { name: 'Store Info' }));
        await page.keyboard.press('ArrowRight');
        await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
        await page.keyboard.press('ArrowLeft');
        await expect(page.getByRole('tab', { name: 'Store Info' })).toHaveAttribute('aria-selected', 'true');
        await typeInto(page, 'Location', 'Moremi Hall');
        await press(page, page.getByRole('button', { name: 'Save store information' }));
        await expect(page.getByText('Store information updated successfully!')).toBeVisible();
      });

      await test.step('Accept Order: focus moves in, stays in, and comes back', async () => {
        const opener = page.getByRole('button', { name: 'Accept Order', exact: true });
        await press(page, opener);
        const dialog = page.getByRole('dialog', { name: 'Accept Order' });
        // The order comes first; this new store has none open, so there is no code to type yet.
        await expect(dialog.getByText('No open orders to accept.')).toBeVisible();
        await expect(dialog.getByRole('textbox', { name: 'Completion code' })).toHaveCount(0);
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        // The focus is trapped: a round of Tabs stays inside the dialog.
        for (let i = 0; i < 6; i += 1) {
          await page.keyboard.press('Tab');
          expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
          expect(await focusWithoutIndicator(page)).toBeNull();
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();
      });
    },
  );

  test(
    'every stop shows its focus: the landing page, the marketplace, a product page',
    { tag: ['@marketplace'] },
    async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await expect(page.locator('h1').first()).toBeVisible();
      expect(await stopsWithoutFocusIndicator(page, 40), 'the landing page').toEqual([]);
      // The check can fail: with every focus style taken away, the stops are reported.
      const unstyled = await page.addStyleTag({
        content: '*:focus, *:focus-visible, *:focus-within { outline: none !important; box-shadow: none !important; }',
      });
      expect((await stopsWithoutFocusIndicator(page, 10)).length).toBeGreaterThan(0);
      await unstyled.evaluate((style) => style.parentNode?.removeChild(style));

      await signInThroughApi(page, request, 'buyer');
      await page.goto('/marketplace');
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      expect(await stopsWithoutFocusIndicator(page, 60), 'the marketplace').toEqual([]);

      // The card's first link is its name (the image's link is out of the tab order).
      const href = await page.getByTestId('product-card').first().getByRole('link').first().getAttribute('href');
      await page.goto(href ?? '/marketplace');
      await expect(page.locator('h1').first()).toBeVisible();
      expect(await stopsWithoutFocusIndicator(page, 40), 'a product page').toEqual([]);
    },
  );

  test('every stop shows its focus in the seller chrome', { tag: ['@seller'] }, async ({ page, request }) => {
    await signInThroughApi(page, request, 'gadgethub');
    await page.goto('/seller/dashboard');
    await expect(page.getByTestId('seller-page-title')).toHaveText('Dashboard');
    await expect(page.getByTestId('page-spinner')).toHaveCount(0);
    expect(await stopsWithoutFocusIndicator(page, 50), 'the seller dashboard').toEqual([]);
    await page.goto('/seller/products');
    await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
    expect(await stopsWithoutFocusIndicator(page, 50), 'the seller products').toEqual([]);
  });
});
