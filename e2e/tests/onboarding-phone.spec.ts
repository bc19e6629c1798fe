/**
 * Becoming a seller on a 390 px touch phone (the "phone" project, playwright.config.ts). The demo
 * students already have stores or are kept for other journeys, so a new one signs up, verifies the
 * e-mailed code and signs in, then opens Become a seller from the menu. On each of the wizard's
 * three steps axe finds no serious violation, nothing scrolls sideways and Continue (Finish on the
 * last) lies on the screen at a thumb's height. The sandbox bank names the account differently, so
 * the Account name field takes the bank's name and the notice says so; a cover picture that is not
 * a photo is refused with its reason. Finish lands on the dashboard's welcome, which fits and is
 * axe-clean too.
 */
import { expect, test, type Page } from '../support/journey';
import { runtimeConfig } from '../support/accounts';
import { expectAxeClean } from '../support/axe';
import { uniqueEmail, verificationCode, waitForMail } from '../support/mailbox';
import { expectNoSideScroll, expectWithinReach, PHONE } from '../support/phone';
import { noisyPng } from '../support/photos';

test.use(PHONE);

const PASSWORD = 'secret123';
const STORE = 'Phone Finds';
// The built-in Paystack sandbox names every account after its last four digits (api/src/money/payments/sandbox/server.ts).
const BANK_NAME = 'SANDBOX ACCOUNT 5678';

/** What each step of the wizard must pass on the phone before its fields are filled. */
async function checkStep(page: Page, step: number, name: string, action: 'Continue' | 'Finish'): Promise<void> {
  await expect(page.getByText(`Step ${step} of 3: ${name}`)).toBeVisible();
  await expectNoSideScroll(page, `the wizard's step ${step}`);
  await expectAxeClean(page, `the wizard's step ${step}`);
  await expectWithinReach(page.getByRole('button', { name: action }), `${action} on step ${step}`);
}

test(
  'a new student becomes a seller on a phone: every wizard step and the welcome fit the screen and are axe-clean',
  { tag: ['@auth', '@marketplace', '@seller'] },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const config = await runtimeConfig(request);
    const email = uniqueEmail(config.university.emailDomain, 'onboarding-phone');

    await test.step('sign up, verify the e-mailed code, sign in', async () => {
      await page.goto('/register');
      await page.getByLabel('Full name').fill('Ada Obi');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Repeat password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).tap();
      await expect(page).toHaveURL(/\/verify$/);
      const code = verificationCode(await waitForMail(request, config.apiBaseUrl, email, /verification code/i));
      await page.getByLabel('Digit 1 of 6').tap();
      await page.keyboard.type(code);
      await page.getByRole('button', { name: 'Verify Email' }).tap();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).tap();
      await expect(page).toHaveURL(/\/marketplace/);
    });

    await test.step('Become a seller from the menu', async () => {
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await page.getByTestId('mobile-nav').getByRole('link', { name: 'Sell' }).tap();
      await expect(page.getByRole('heading', { level: 1, name: 'Become a seller' })).toBeVisible();
    });

    await test.step('step 1: store details', async () => {
      await checkStep(page, 1, 'Store details', 'Continue');
      await page.getByRole('textbox', { name: /Store name/ }).fill(STORE);
      await page.getByRole('textbox', { name: /Store description/ }).fill('Second-hand phones and chargers, Jaja Hall');
      await page.getByRole('button', { name: 'Continue' }).tap();
    });

    await test.step("step 2: payout account; the field takes the bank's name", async () => {
      await checkStep(page, 2, 'Payout account', 'Continue');
      await page.getByRole('combobox', { name: /Bank/ }).selectOption('Kuda Bank');
      await page.getByRole('textbox', { name: /Account number/ }).fill('2012345678');
      await page.getByRole('textbox', { name: /Account name/ }).fill('Ada Obi');
      await page.getByRole('button', { name: 'Continue' }).tap();
      await expect(page.getByTestId('bank-account-name')).toContainText(
        `Your store and its payouts will use ${BANK_NAME}, the name your bank has for this account, not Ada Obi.`,
      );
      await page.getByRole('button', { name: 'Previous' }).tap();
      await expect(page.getByRole('textbox', { name: /Account name/ })).toHaveValue(BANK_NAME);
      await page.getByRole('button', { name: 'Continue' }).tap();
    });

    await test.step('step 3: contact and pickup, the cover picture checked when chosen', async () => {
      await expect(page.getByTestId('bank-account-name')).toBeVisible();
      await checkStep(page, 3, 'Contact and pickup', 'Finish');
      await page.getByRole('textbox', { name: /Phone number/ }).fill('08031234567');
      await page.getByRole('textbox', { name: /Location/ }).fill('Jaja Hall');

      const cover = page.getByLabel('Cover picture');
      await cover.setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
      await expect(page.getByText('menu.pdf is not a JPG, PNG or WebP photo. Please choose another.')).toBeVisible();
      await expect(cover).toHaveAccessibleDescription(/menu\.pdf is not a JPG, PNG or WebP photo/);
      await expect(page.getByRole('img', { name: 'Cover picture preview' })).toHaveCount(0);
      await expectNoSideScroll(page, 'the refused cover picture');
      await expectAxeClean(page, 'the refused cover picture');

      await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: noisyPng(200, 3) });
      await expect(page.getByRole('img', { name: 'Cover picture preview' })).toBeVisible();
      await expect(page.getByText(/menu\.pdf is not/)).toHaveCount(0);
      await expectNoSideScroll(page, 'the chosen cover picture');
      await expectAxeClean(page, 'the chosen cover picture');
      await expectWithinReach(page.getByRole('button', { name: 'Finish' }), 'Finish with the cover picture');
      await page.getByRole('button', { name: 'Finish' }).tap();
    });

    await test.step("the dashboard's welcome", async () => {
      await expect(page).toHaveURL(/\/seller\/dashboard$/, { timeout: 30_000 });
      const welcome = page.getByRole('region', { name: `Welcome, ${STORE} is open` });
      await expect(welcome).toBeVisible();
      await expect(welcome).toContainText(`Your money is paid to ${BANK_NAME}, Kuda Bank ••••5678.`);
      await expectNoSideScroll(page, "the dashboard's welcome");
      await expectAxeClean(page, "the dashboard's welcome");
      for (const link of ['Add your first product', 'Check your payout account', 'Share your store link']) {
        await expectWithinReach(welcome.getByRole('link', { name: link }), link);
      }
      await expectWithinReach(welcome.getByRole('button', { name: 'Close the welcome' }), 'Close the welcome');
    });
  },
);
