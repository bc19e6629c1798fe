/**
 * The account journeys against the real API (its e-mails read through the
 * test-support interface), through the shell with remote-auth loaded at run time.
 */
import { expect, test, type APIRequestContext, type Page } from '../support/journey';
import { runtimeConfig } from '../support/accounts';
import { resetLinkPath, uniqueEmail, verificationCode, waitForMail } from '../support/mailbox';

const PASSWORD = 'secret123';

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

async function registerThroughUi(page: Page, name: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify$/);
}

async function verifyThroughUi(page: Page, request: APIRequestContext, apiBaseUrl: string, email: string): Promise<void> {
  const mail = await waitForMail(request, apiBaseUrl, email, /verification code/i);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(verificationCode(mail));
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText('Email verified successfully! Redirecting to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

async function signInThroughUi(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function expectSignedInNavbar(page: Page): Promise<void> {
  await expect(mainNav(page).getByRole('link', { name: 'Me', exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
}

async function expectGuestNavbar(page: Page): Promise<void> {
  await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Me', exact: true })).toHaveCount(0);
}

/** A verified account made through the UI, signed in on /marketplace. */
async function newSignedInStudent(page: Page, request: APIRequestContext, tag: string) {
  const config = await runtimeConfig(request);
  const email = uniqueEmail(config.university.emailDomain, tag);
  await registerThroughUi(page, 'Ada Obi', email);
  await verifyThroughUi(page, request, config.apiBaseUrl, email);
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/\/marketplace/);
  return { email, config };
}

test.describe('accounts', { tag: ['@auth', '@marketplace'] }, () => {
  test('register with a university e-mail, verify with the mailed code, sign in: the navbar shows the signed-in state', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expectGuestNavbar(page);
    const { config } = await newSignedInStudent(page, request, 'register');
    await expectSignedInNavbar(page);
    // The hero panel on the auth pages named the university; the session survives a reload.
    await page.reload();
    await expectSignedInNavbar(page);
    expect(config.university.name).toBeTruthy();
  });

  // The login answer carries the token, the user and the seller flags,
  // so signing in is one request; a reload with the stored session asks for it at most once.
  test('signing in sends exactly one session request; a reload sends at most one', async ({ page, request }) => {
    const config = await runtimeConfig(request);
    const email = uniqueEmail(config.university.emailDomain, 'one-request');
    await registerThroughUi(page, 'Ada Obi', email);
    await verifyThroughUi(page, request, config.apiBaseUrl, email);

    const sessionCalls: string[] = [];
    const sessionPath = /\/api\/v1\/(auth\/|users\/|seller\/profile)/;
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin === new URL(config.apiBaseUrl).origin && sessionPath.test(url.pathname))
        sessionCalls.push(`${req.method()} ${url.pathname}`);
    });

    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/marketplace/);
    await expectSignedInNavbar(page);
    await expect(page.getByTestId('search-results')).toHaveAttribute('data-state', 'success');
    expect(sessionCalls).toEqual(['POST /api/v1/auth/login']);

    sessionCalls.length = 0;
    await page.reload();
    await expectSignedInNavbar(page);
    await expect(page.getByTestId('search-results')).toHaveAttribute('data-state', 'success');
    expect(sessionCalls.length).toBeLessThanOrEqual(1);
  });

  test('a non-university e-mail is refused with the spec message', async ({ page, request }) => {
    const { university } = await runtimeConfig(request);
    await page.goto('/register');
    await expect(page.getByText(`For students of ${university.name}`)).toBeVisible();
    await page.getByLabel('Full name').fill('Ada Obi');
    await page.getByLabel('Email').fill('ada@gmail.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText(`Please use a valid university email address (for example student@${university.emailDomain})`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('signing in before verifying lands on /verify', async ({ page, request }) => {
    const config = await runtimeConfig(request);
    const email = uniqueEmail(config.university.emailDomain, 'unverified');
    await registerThroughUi(page, 'Bola Ade', email);
    await page.goto('/login');
    await signInThroughUi(page, email);
    await expect(page.getByRole('alert')).toHaveText('Email not verified. Please check your email for verification instructions.');
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('forgot password, open the e-mailed link, reset, sign in with the new password', async ({ page, request }) => {
    const { email, config } = await newSignedInStudent(page, request, 'reset');
    await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
    await expectGuestNavbar(page);

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText('If this email is registered, you will receive password reset instructions. Please check your inbox.'),
    ).toBeVisible();

    const mail = await waitForMail(request, config.apiBaseUrl, email, /reset/i);
    await page.goto(resetLinkPath(mail));
    await page.getByLabel('New password', { exact: true }).fill('newsecret456');
    await page.getByLabel('Repeat new password').fill('newsecret456');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successfully! Redirecting to login...')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughUi(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials.');
    await signInThroughUi(page, email, 'newsecret456');
    await expect(page).toHaveURL(/\/marketplace/);
    await expectSignedInNavbar(page);
  });

  test('edit first and last name on /profile and see them after a reload', async ({ page, request }) => {
    await newSignedInStudent(page, request, 'profile');
    await mainNav(page).getByRole('link', { name: 'Me', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Customer', { exact: true })).toBeVisible();
    await expect(page.getByText('Not Completed', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByText('Email cannot be changed')).toBeVisible();

    await page.getByLabel('First name').fill('Adaeze');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { name: 'Adaeze Okafor' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Adaeze Okafor' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Adaeze');
    await expect(page.getByLabel('Last name')).toHaveValue('Okafor');
  });

  test('sign out returns the guest navbar', async ({ page, request }) => {
    await newSignedInStudent(page, request, 'signout');
    await expectSignedInNavbar(page);
    await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
    await expectGuestNavbar(page);
    await page.goto('/profile');
    // The shell's guard (or the profile screen itself) sends a signed-out visitor away.
    await expect(page).not.toHaveURL(/\/profile$/);
  });
});
