/**
 * A first paint that works on a slow phone: every primary control of the navbar, the seller
 * chrome and the product page acts on the first click made as soon as it shows, with the CPU
 * slowed four times. A control drawn before it can act must be shown busy and disabled (the
 * click then waits for it) or be a plain link; one that looks ready and drops the click fails here.
 * The remotes' scripts are held back a moment, so the window between the shell's first paint and
 * the remote's mount is there on every machine, however fast.
 */
import { expect, test, type Locator, type Page } from '../support/journey';
import { runtimeConfig, signInThroughApi } from '../support/accounts';
import { apiAs, badgeCount } from '../support/shop';
import { holdRequests } from '../support/hold-requests';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** CPU four times slower (a low-end phone), for the page's whole life. */
async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Every remote's entry script arrives `ms` late: the remote mounts well after the shell's first paint. */
async function lateRemotes(page: Page, ms = 4000): Promise<void> {
  await page.route('**/remoteEntry.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Opens `path` and clicks `control` the moment it is visible (Playwright waits only while it is disabled or covered). */
async function clickWhenShown(page: Page, path: string, control: (page: Page) => Locator): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  const target = control(page);
  await target.waitFor({ state: 'visible' });
  await target.click();
}

test(
  "a guest's first paint: Sign In and Get Started are in the served HTML and act before any script has run",
  { tag: ['@auth'] },
  async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<a [^>]*href="\/login"[^>]*>Sign In<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/auth"[^>]*>Get Started<\/a>/);

    await slowCpu(page);
    for (const [name, url, heading] of [
      ['Sign In', /\/login$/, 'Sign In'],
      ['Get Started', /\/auth$/, 'Welcome to Campus Marketplace'],
    ] as const) {
      // No script of the app runs until released: the links must show, and work, on the HTML alone.
      const release = await holdRequests(page, '**/*.js');
      await page.goto('/', { waitUntil: 'commit' });
      const link = mainNav(page).getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(page.locator('html[data-app-mounted]')).toHaveCount(0);
      // The student's click, before any script has run: a plain link is followed.
      await Promise.all([page.waitForURL(url, { waitUntil: 'commit' }), link.evaluate((a: HTMLAnchorElement) => a.click())]);
      release();
      await page.unroute('**/*.js');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  },
);

test(
  "a signed-in student's navbar: never the guest links, and each item acts on the first click",
  { tag: ['@auth', '@marketplace', '@cart', '@messages', '@seller'] },
  async ({ page, request }) => {
    test.setTimeout(240_000);
    await signInThroughApi(page, request, 'buyer');
    await slowCpu(page);
    await lateRemotes(page);
    // The prerendered page carries the guest links; under a stored session they never show.
    await page.goto('/', { waitUntil: 'commit' });
    await expect(mainNav(page).getByRole('link', { name: 'Me', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeHidden();

    const items = [
      { name: 'Cart', url: /\/cart$/, shows: (p: Page) => p.getByRole('heading', { level: 1, name: /Cart/ }) },
      { name: 'Wishlist', url: /\/wishlist$/, shows: (p: Page) => p.getByRole('heading', { level: 1, name: /Wishlist/ }) },
      { name: 'Chat', url: /\/chat/, shows: (p: Page) => p.getByRole('heading', { level: 1 }) },
      { name: 'Me', url: /\/profile$/, shows: (p: Page) => p.getByRole('heading', { level: 1 }) },
      { name: 'Sell', url: /\/seller\/onboarding$/, shows: (p: Page) => p.getByRole('heading', { level: 1, name: 'Become a seller' }) },
    ];
    for (const item of items) {
      await clickWhenShown(page, '/marketplace', (p) => mainNav(p).getByRole('link', { name: new RegExp(`^${item.name}`) }));
      await expect(page, item.name).toHaveURL(item.url);
      await expect(item.shows(page), item.name).toBeVisible();
    }
    await clickWhenShown(page, '/marketplace', (p) => mainNav(p).getByRole('button', { name: 'Sign out' }));
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  },
);

test(
  'the seller chrome: Accept Order opens its dialog, and the menu moves, on the first click',
  { tag: ['@seller'] },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInThroughApi(page, request, 'gadgethub');
    await slowCpu(page);
    await lateRemotes(page);
    await clickWhenShown(page, '/seller/dashboard', (p) => p.getByRole('button', { name: 'Accept Order', exact: true }));
    await expect(page.getByRole('dialog', { name: 'Accept Order' })).toBeVisible({ timeout: 5000 });

    await clickWhenShown(page, '/seller/dashboard', (p) =>
      p.getByRole('navigation', { name: 'Seller menu' }).getByRole('link', { name: 'Orders' }),
    );
    await expect(page).toHaveURL(/\/seller\/orders$/);
    await expect(page.getByTestId('seller-page-title')).toHaveText('Orders');
  },
);

test(
  'the product page: Add to Cart and the wishlist heart act on the first click',
  { tag: ['@auth', '@marketplace'] },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const config = await runtimeConfig(request);
    const products = (await (await request.get(`${config.apiBaseUrl}/api/v1/products/all?limit=50`)).json()) as {
      data: Array<{ id: string; slug: string; name: string; stockQuantity: number }>;
    };
    const product = products.data.find((p) => p.stockQuantity > 5);
    if (!product) throw new Error('The demo data has no product in stock');
    const session = await signInThroughApi(page, request, 'buyer');
    const api = await apiAs(request, session.token);
    const inWishlist = async () => JSON.stringify(await api.get('/wishlist')).includes(product.id);
    await slowCpu(page);
    await lateRemotes(page);

    const add = (p: Page) =>
      p
        .getByRole('button', { name: `Add to Cart: ${product.name}` })
        .or(p.getByRole('button', { name: `Increase quantity of ${product.name}` }));
    await clickWhenShown(page, `/product/${product.slug}`, add);
    await expect(page.getByTestId('cart-quantity')).toBeVisible({ timeout: 5000 });
    const inCart = await badgeCount(page, 'cart');
    expect(inCart).toBeGreaterThan(0);

    const wasIn = await inWishlist();
    await clickWhenShown(page, `/product/${product.slug}`, (p) =>
      p.getByRole('button', { name: new RegExp(`${escaped(product.name)} (to|from) wishlist`) }),
    );
    await expect.poll(inWishlist, { timeout: 5000 }).toBe(!wasIn);
  },
);
