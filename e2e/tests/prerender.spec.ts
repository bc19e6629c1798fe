/**
 * The public pages' HTML, as the static server sends
 * it, already holds their text: read with `request` (no browser, no script
 * runs). Then, in a browser, the same page hydrates without a mismatch.
 */
import { expect, tagsOf, test, type APIRequestContext, type Page } from '../support/journey';
import { runtimeConfig, signInThroughApi } from '../support/accounts';
import { holdRequests } from '../support/hold-requests';

/** Each public page and text only its own rendering contains. */
const PUBLIC_PAGES = [
  { path: '/', title: 'Buy and sell with fellow students', texts: ['Buy and sell on campus, student to student.', 'Explore Listings'] },
  {
    path: '/features',
    title: 'Features',
    texts: ['Built for the way students trade', 'For buyers', 'Search that keeps up', 'For sellers'],
  },
  { path: '/how-it-works', title: 'How it works', texts: ['From sign-up to pickup in minutes', 'Buying', 'Selling'] },
  { path: '/products', title: 'Products', texts: ['What students sell here'] },
  { path: '/client-stories', title: 'Client Stories', texts: ['Students buying from students'] },
];

/**
 * The auth screens: the shell's frame, and in it the auth remote's own screen where the remote
 * prerenders it (the contract's `prerender: true`), else the loading placeholder.
 */
const AUTH_SCREENS = [
  { path: '/auth', title: 'Sign In or Sign Up', texts: ['Welcome to Campus Marketplace', 'Sign in to your account or create a new one.'] },
  {
    path: '/login',
    title: 'Sign In',
    texts: ['Welcome back. Sign in with your university e-mail.', 'Email', 'Password', 'Forgot password?'],
  },
  {
    path: '/register',
    title: 'Create Account',
    texts: ['Join the marketplace with your university e-mail.', 'Full name', 'Repeat password'],
  },
  {
    path: '/forgot-password',
    title: 'Forgot Password',
    texts: ['Enter your university e-mail and we will send you a link to reset your password.'],
  },
];
/** Auth screens that need URL or stored state to draw: the placeholder holds their place. */
const AUTH_FRAMES = ['/verify', '/reset-password'];

interface ServedPage {
  html: string;
  /** The text inside #root, tags and styles removed, whitespace collapsed. */
  rootText: string;
}

async function served(request: APIRequestContext, path: string): Promise<ServedPage> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toContain('text/html');
  const html = await response.text();
  // #root, then (on a prerendered page) its start-up script, then </body>.
  const root = /<div id="?root"?>([\s\S]*)<\/div>\s*(?:<script>[\s\S]*?<\/script>\s*)?<\/body>/.exec(html)?.[1] ?? '';
  const rootText = root
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.])/g, '$1')
    .trim();
  return { html, rootText };
}

/**
 * What a prerendered page's start-up script asks for once the page has painted (written by
 * write-prerendered-pages.cjs): the scripts it preloads, then the entries it runs.
 */
function startUpScripts(html: string): { preloads: string[]; entries: string[] } {
  const script = /<script>(\(function\(\)\{var started=false[\s\S]*?function go\(\)[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const list = (name: string) => JSON.parse(new RegExp(`[,{ ]${name}=(\\[[^\\]]*\\])`).exec(script)?.[1] ?? '[]') as string[];
  return { preloads: list('preloads'), entries: list('entries') };
}

test.describe('the HTML the server sends, before any script runs', () => {
  for (const { path, title, texts } of PUBLIC_PAGES) {
    test(`${path} holds its own title, text, styles and start-up scripts`, async ({ request }) => {
      const page = await served(request, path);
      // The title the page sets once running (usePageTitle), already in the HTML: a screen reader announces it first.
      expect(page.html).toContain(`<title>${title} · Campus Marketplace</title>`);
      for (const text of texts) expect(page.rootText, `${path}: "${text}"`).toContain(text);
      // In place, not outlined into a hidden segment that a script of React's reveals later
      // (that held the landing page's text back until the main thread was free: LCP 2.1 s).
      expect(page.html, path).not.toMatch(/<div hidden id="S:\d+">/);
      // Navbar and footer are part of the first paint too.
      expect(page.html).toContain('aria-label="Main"');
      expect(page.rootText).toContain('Get campus deals in your inbox');
      // Chakra's styles travel in the page, in <head>: every class's rules in one tag that emotion's
      // cache does not move (each move restyles the page; the provider counts these classes as
      // inserted), and the global styles marked as placed already (data-s).
      expect(page.html.match(/<style data-prerendered-emotion="css [^"]+">/g) ?? [], path).toHaveLength(1);
      expect(page.html).not.toMatch(/<style data-emotion="css /);
      expect(page.html).toMatch(
        /<head>[\s\S]*<style data-emotion="css-global [^"]+" data-s="">[\s\S]*<style data-prerendered-emotion="css [^"]+">[\s\S]*<\/head>/,
      );
      // No script in <head> to fetch or run before the first paint: the page asks for its entry and
      // start-up scripts (this page's own among them) together, once it has painted.
      const head = /<head>([\s\S]*)<\/head>/.exec(page.html)?.[1] ?? '';
      expect(head).not.toMatch(/<script[^>]*\bsrc=|rel="?preload"? [^>]*as="?script/);
      const { preloads, entries } = startUpScripts(page.html);
      // The entry is run (exactly it), the chunks it will import are only preloaded.
      expect(entries, `${path}: entries`).toHaveLength(1);
      expect(entries[0], `${path}: entry`).toMatch(/^\/main\.[0-9a-f]{10}\.js$/);
      expect(
        preloads.some((file) => /^\/bootstrap\.[0-9a-f]{10}\.js$/.test(file)),
        `${path}: bootstrap in ${preloads.join(' ')}`,
      ).toBe(true);
      if (path !== '/')
        expect(
          preloads.some((file) => new RegExp(`^/page-${path.slice(1)}\\.[0-9a-f]{10}\\.js$`).test(file)),
          `${path}: its page`,
        ).toBe(true);
    });
  }

  test('the runtime configuration is in the page, from the environment the server started with', async ({ request }) => {
    const page = await served(request, '/');
    const inline = /<script id="runtime-config" type="application\/json">([\s\S]*?)<\/script>/.exec(page.html)?.[1];
    expect(inline, 'inlined runtime configuration').toBeTruthy();
    const config = (await (await request.get('/runtime-config.json')).json()) as { university: { name: string; emailDomain: string } };
    expect(JSON.parse(inline ?? '{}')).toEqual(config);
    // The build's placeholders are filled in with this environment's university.
    expect(page.html).not.toContain('%%');
    expect(page.rootText).toContain(`Only for verified students of ${config.university.name}`);
    expect(page.html).toContain(`placeholder="student@${config.university.emailDomain}"`);
    // Nothing to fetch before the app can start.
    expect(page.html).not.toMatch(/href="?\/runtime-config\.json/);
  });

  for (const { path, title, texts } of AUTH_SCREENS) {
    test(
      `${path} is served with the auth remote's screen drawn in the page frame, inert until the remote runs`,
      { tag: ['@auth'] },
      async ({ request }) => {
        const config = (await (await request.get('/runtime-config.json')).json()) as { university: { name: string } };
        const page = await served(request, path);
        expect(page.html).toContain('aria-label="Main"');
        expect(page.rootText).toContain('Get campus deals in your inbox');
        // The remote's screen in place of the placeholder: a form that is only HTML is inert (nothing can be typed or sent).
        const screen = new RegExp(`<div data-remote-screen="remoteAuth" data-screen-path="${path}" inert="" aria-busy="true">`);
        expect(page.html).toMatch(screen);
        expect(page.html).not.toContain('data-testid="page-spinner"');
        for (const text of [...texts, `For students of ${config.university.name}`])
          expect(page.rootText, `${path}: "${text}"`).toContain(text);
        expect(page.html).not.toContain('%%');
        // The screen's title, and its styles in <head> beside the frame's (still no style tag in the body).
        expect(page.html).toContain(`<title>${title} · Campus Marketplace</title>`);
        expect(page.html.match(/<style data-prerendered-emotion="css [^"]+">/g) ?? []).toHaveLength(2);
        const body = /<body>([\s\S]*)<\/body>/.exec(page.html)?.[1] ?? '';
        expect(body).not.toContain('<style');
      },
    );
  }

  for (const path of AUTH_FRAMES) {
    test(
      `${path} is served with the page frame drawn and the placeholder where the screen goes`,
      { tag: ['@auth'] },
      async ({ request }) => {
        const page = await served(request, path);
        expect(page.html).toContain('aria-label="Main"');
        expect(page.html).toContain('data-testid="page-spinner"');
        expect(page.html).not.toContain('data-screen-path');
        expect(page.rootText).toContain('Get campus deals in your inbox');
      },
    );
  }

  test('other pages get the bare page, with the configuration inlined and what they need preloaded', async ({ request }) => {
    const config = (await (await request.get('/runtime-config.json')).json()) as { remotes: Record<string, string> };
    for (const path of ['/cart', '/no-such-page', '/seller/dashboard']) {
      const page = await served(request, path);
      expect(page.html, path).toMatch(/<div id="?root"?><\/div>/);
      expect(page.html, path).toContain('<script id="runtime-config" type="application/json">');
      expect(page.html, path).toMatch(/<link rel="preload" href="\/bootstrap\.[0-9a-f]{10}\.js" as="script"/);
    }
    // The remote that renders the route: its manifest downloads beside the shell's scripts.
    expect((await served(request, '/cart')).html).toContain(`<link rel="preload" href="${config.remotes.remoteCart}" as="fetch"`);
    expect((await served(request, '/product/some-slug')).html).toContain(
      `<link rel="preload" href="${config.remotes.remoteMarketplace}" as="fetch"`,
    );
    expect((await served(request, '/login')).html).toContain(`<link rel="preload" href="${config.remotes.remoteAuth}" as="fetch"`);
    expect((await served(request, '/no-such-page')).html).not.toContain('as="fetch"');
  });
});

/** Layout shifts without input, summed from the start of the page (what CLS counts). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    Object.assign(window, { layoutShifts: shifts });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));

test.describe('hydration of a prerendered page', () => {
  for (const path of ['/', '/features', '/login']) {
    test(`${path} hydrates without a mismatch`, { tag: tagsOf(path) }, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // The footer hydrates last, once its chunk is in (after the page's main content): wait for it too.
      const footerChunk = page.waitForResponse((response) => /\/footer\.[0-9a-f]+\.js$/.test(new URL(response.url()).pathname));
      await page.goto(path);
      await expect(page.locator('html[data-app-mounted="true"]')).toHaveCount(1);
      // Interactive after hydration: the navbar's links are React's now (client-side navigation).
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await footerChunk;
      await page.waitForLoadState('networkidle');
      expect(problems.filter((p) => /hydrat|did not match|#418|#423|#425/i.test(p))).toEqual([]);
    });
  }

  test(
    'a prerendered page asks for its start-up scripts a few per task, then runs its entry',
    { tag: ['@auth'] },
    async ({ page, request }) => {
      const { preloads, entries } = startUpScripts((await served(request, '/login')).html);
      expect(preloads.length).toBeGreaterThan(6);
      // A mutation observer's callback comes at the end of each task: one record list per task.
      await page.addInitScript(() => {
        const tasks: string[][] = [];
        (window as unknown as { startUpTasks: string[][] }).startUpTasks = tasks;
        new MutationObserver((records) => {
          const asked = records
            .flatMap((r) => [...r.addedNodes])
            .flatMap((node) => {
              if (node instanceof HTMLLinkElement && node.rel === 'preload' && node.as === 'script')
                return [`preload ${new URL(node.href).pathname}`];
              if (node instanceof HTMLScriptElement && node.src) return [`run ${new URL(node.src).pathname}`];
              return [];
            });
          if (asked.length > 0) tasks.push(asked);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/login');
      await expect(page.locator('html[data-app-mounted="true"]')).toHaveCount(1);
      const tasks = await page.evaluate(() => (window as unknown as { startUpTasks: string[][] }).startUpTasks);
      const asked = tasks.flat();
      // Every preload, each in a task of at most 2 (thirty in one task were 70 ms of main thread)...
      expect(asked.filter((a) => a.startsWith('preload ')).map((a) => a.slice('preload '.length))).toEqual(preloads);
      for (const task of tasks.filter((t) => t.every((a) => a.startsWith('preload ')))) expect(task.length).toBeLessThanOrEqual(2);
      // ...and the entry after the last of them.
      const entryAt = asked.indexOf(`run ${entries[0]}`);
      expect(entryAt).toBeGreaterThan(asked.lastIndexOf(`preload ${preloads.at(-1)}`));
    },
  );

  test(
    "/login's prerendered form stays on screen, inert, after hydration until the remote has arrived",
    { tag: ['@auth'] },
    async ({ page }) => {
      const release = await holdRequests(page, '**/remoteEntry.js');
      await page.goto('/login');
      await expect(page.locator('html[data-app-mounted="true"]')).toHaveCount(1);
      // The shell has hydrated and drawn the route's placeholder: the copy of the remote's screen, not a spinner.
      await expect(page.locator('[data-screen-path="/login"][inert] h1')).toHaveText('Sign In');
      await expect(page.getByTestId('page-spinner')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toHaveCount(1);
      release();
      await page.getByLabel('Email').fill('someone@example.com');
      await expect(page.locator('[inert]')).toHaveCount(0);
    },
  );

  test("/login's prerendered form is replaced by the remote's live one, with nothing moving", { tag: ['@auth'] }, async ({ page }) => {
    await watchLayoutShifts(page);
    await page.goto('/login');
    // The live form: typed into, and no inert copy left.
    await page.getByLabel('Email').fill('someone@example.com');
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
    await expect(page.locator('[inert]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(1);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  });
});

/**
 * Screens rendered per request (the contract's `prerender: 'request'`): the marketplace remote's
 * server draws /marketplace and a product page for the URL with their public data, and the
 * shell's server sends that inside its page, with the data, so the photos load with the HTML
 * and the live screen starts from the same answers.
 */
interface ServerQueries {
  queries: { queryKey: unknown[]; state: { data: unknown } }[];
}

function serverQueries(html: string): ServerQueries {
  const json = /<script type="application\/json" id="server-queries">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries the data its screen was drawn with').toBeDefined();
  return JSON.parse(json ?? '{}') as ServerQueries;
}

/** The remote's screen in the page: the inert element the shell's server put into the slot. */
function screenIn(html: string, path: string): string {
  const start = html.indexOf(`data-screen-path="${path}" inert="" aria-busy="true">`);
  expect(start, `${path}: the remote's screen is in the page`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('<footer', start));
}

test.describe('screens the remote renders per request', { tag: ['@marketplace'] }, () => {
  test('/marketplace is sent with the first page of products drawn, their photos in the HTML, and the data they were drawn with', async ({
    request,
  }) => {
    const { html } = await served(request, '/marketplace?sort=price-low');
    const screen = screenIn(html, '/marketplace');
    const search = serverQueries(html).queries.find((q) => q.queryKey[0] === 'search');
    const products = (search?.state.data as { products: { name: string }[] } | undefined)?.products ?? [];
    // Spec section 7: ten to a page, here in the order the URL asked for.
    expect(products).toHaveLength(10);
    expect(search?.queryKey[1]).toMatchObject({ sort: 'price-low', page: 1 });
    const escape = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
    for (const { name } of products) expect(screen, name).toContain(escape(name));
    // The first screen's photos load with the page, first.
    expect(screen.match(/<img[^>]*fetchpriority="high"/gi)?.length ?? 0).toBeGreaterThanOrEqual(4);
    // A signed-in screen: taken out at once where there is no session to show it to.
    expect(html).toMatch(/aria-busy="true">[\s\S]*<\/div><script>try\{if\(!localStorage\.getItem\("token"\)\)/);
    // The navbar's counts (the API client and contract with them) are not among the start-up scripts:
    // they start once the first results have shown (shell/src/app/layout/main-content.ts).
    expect(startUpScripts(html).preloads.some((file) => /^\/badge-queries\.[0-9a-f]{10}\.js$/.test(file))).toBe(false);
    // The student's own data (cart, wishlist) is never read by the server nor sent in the page.
    expect(serverQueries(html).queries.map((q) => q.queryKey[0])).not.toContain('cart');
    expect(serverQueries(html).queries.map((q) => q.queryKey[0])).not.toContain('wishlist');
  });

  test('a product page is sent with the product drawn and titled; a product that does not exist keeps the placeholder', async ({
    request,
  }) => {
    const config = await runtimeConfig(request);
    const listed = (await (await request.get(`${config.apiBaseUrl}/api/v1/products/all?limit=1`)).json()) as {
      data: { slug: string; name: string }[];
    };
    const product = listed.data[0];
    expect(product).toBeDefined();
    const { html } = await served(request, `/product/${product?.slug ?? ''}`);
    expect(html).toContain(`<title>${product?.name} · Campus Marketplace</title>`);
    expect(screenIn(html, `/product/${product?.slug ?? ''}`)).toContain('<h1');

    const missing = await served(request, '/product/no-such-product-anywhere');
    expect(missing.html).not.toContain('data-screen-path');
    expect(missing.html).not.toContain('id="server-queries"');
    expect(missing.html).toContain('data-testid="page-spinner"');
  });

  test("a returning student's /marketplace goes live from the page's data: no second search, nothing moving, no mismatch", async ({
    page,
    request,
  }) => {
    await signInThroughApi(page, request, 'buyer');
    await watchLayoutShifts(page);
    // The first page after the product starts may be served with the placeholder (the remote's first
    // render is slow, the page waits for it only so long): wait until the screen is being sent.
    await expect.poll(async () => (await request.get('/marketplace')).text()).toContain('data-screen-path="/marketplace"');
    const searches: string[] = [];
    page.on('request', (r) => {
      if (/\/1\/indexes\//.test(r.url())) searches.push(r.url());
    });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/marketplace');
    // The live screen: a card's cart button is React's, and the copy is gone.
    await expect(page.getByTestId('search-results').getByRole('article').first()).toBeVisible();
    await expect(page.locator('[inert]')).toHaveCount(0);
    await expect(page.getByTestId('result-count')).toHaveText(/\d+ products/);
    await page.waitForLoadState('networkidle');
    expect(searches, 'the first results came with the page').toEqual([]);
    expect(problems.filter((p) => /hydrat|did not match|#418|#423|#425/i.test(p))).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    // Searching still asks the search service.
    await page.getByRole('combobox', { name: 'Search products' }).fill('lamp');
    await expect.poll(() => searches.length).toBeGreaterThan(0);
  });

  test(
    "a guest opening a signed-in page is sent to /login by the page's first script, before any app script",
    { tag: ['@auth'] },
    async ({ page }) => {
      // No app script runs until released: what happens is the HTML's and its inline scripts' doing.
      const release = await holdRequests(page, '**/*.js');
      await page.goto('/marketplace', { waitUntil: 'commit' });
      // The page asked for goes along, for signing in to return to it.
      await expect(page).toHaveURL(/\/login\?next=%2Fmarketplace$/);
      // The sign-in form's copy from /login's HTML shows while every script is still held.
      await expect(page.locator('[data-screen-path="/login"] h1')).toHaveText('Sign In');
      await expect(page.locator('[data-screen-path="/marketplace"]')).toHaveCount(0);
      release();
      // The live form replaces the copy, and the student is still on /login.
      await page.getByLabel('Email').fill('someone@example.com');
      await expect(page.locator('[inert]')).toHaveCount(0);
      await expect(page).toHaveURL(/\/login\?next=%2Fmarketplace$/);
    },
  );
});
