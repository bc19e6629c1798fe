/**
 * The account journeys against the real API (its e-mails read through the
 * test-support interface), through the shell with remote-auth loaded at run time.
 */
import { expect, test, type APIRequestContext, type Page } from '../support/journey';
import { DEMO_PASSWORD, demoEmail, runtimeConfig } from '../support/accounts';
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

/** The content of a served page's `<meta property|name="key">`, unescaped as a preview scraper reads it. */
function metaContent(html: string, key: string): string | undefined {
  const head = html.slice(0, html.indexOf('</head>'));
  const found = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(head)?.[1];
  return found
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** WhatsApp's link-preview fetcher, as it names itself. */
const PREVIEW_FETCHER = { 'User-Agent': 'WhatsApp/2.23.20.0 A' };

test.describe('a shared link', { tag: ['@auth', '@marketplace'] }, () => {
  test('a product link carries its preview in the served HTML, and a signed-out student who opens it signs in and lands on it', async ({
    page,
    request,
    baseURL,
  }) => {
    const config = await runtimeConfig(request);
    const listed = (await (await request.get(`${config.apiBaseUrl}/api/v1/products/all?limit=10`)).json()) as {
      data: { slug: string; name: string; price: string; imageUrls: string[]; seller: { id: string; catalogueName: string } }[];
    };
    const product = listed.data.find((p) => p.imageUrls.length > 0);
    if (!product) throw new Error('the demo data has no product with a photo');
    const productPath = `/product/${product.slug}`;

    await test.step("the product page's served HTML: og:title, og:image (absolute, the first photo), the price in naira", async () => {
      // What a messaging app reads: the HTML as sent to its preview fetcher, no script run. The product
      // has just started: the remote's first render of a URL may be slower than a page waits for it
      // (then the page has no screen, nor tags, for a few seconds), as on a site that has just started.
      const servedHtml = async () => await (await request.get(productPath, { headers: PREVIEW_FETCHER })).text();
      await expect
        .poll(async () => metaContent(await servedHtml(), 'og:title'), { timeout: 15_000, intervals: [1_000] })
        .toBe(product.name);
      const html = await servedHtml();
      expect(metaContent(html, 'og:type')).toBe('product');
      const image = metaContent(html, 'og:image') ?? '';
      expect(image).toMatch(/^https?:\/\//);
      expect(new URL(image).pathname).toBe(new URL(product.imageUrls[0] ?? '', config.apiBaseUrl).pathname);
      expect(metaContent(html, 'og:url')).toBe(new URL(productPath, baseURL).href);
      // The API's price is the spec's numeric string; the tag has two decimals, from the same digits.
      const [naira = '', kobo = ''] = product.price.split('.');
      expect(metaContent(html, 'product:price:amount')).toBe(`${naira}.${kobo.padEnd(2, '0')}`);
      expect(metaContent(html, 'product:price:currency')).toBe('NGN');
      expect(metaContent(html, 'product:retailer_title')).toBe(product.seller.catalogueName);
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    });

    await test.step("the store's page too: its name as the title", async () => {
      const storePath = `/seller/${product.seller.id}/catalogue`;
      const servedHtml = async () => await (await request.get(storePath, { headers: PREVIEW_FETCHER })).text();
      await expect
        .poll(async () => metaContent(await servedHtml(), 'og:title'), { timeout: 15_000, intervals: [1_000] })
        .toBe(product.seller.catalogueName);
      const html = await servedHtml();
      expect(metaContent(html, 'og:url')).toBe(new URL(`/seller/${product.seller.id}/catalogue`, baseURL).href);
    });

    await test.step('opened signed out: sent to /login with the page to return to, then signed in onto the product', async () => {
      await page.goto(productPath);
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(productPath)}$`));
      await page.getByLabel('Email').fill(await demoEmail(request, 'buyer'));
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(new RegExp(`${productPath}$`));
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Share this product' })).toBeVisible();
    });
  });
});
