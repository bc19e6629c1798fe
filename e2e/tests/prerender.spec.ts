/**
 * Issue 14, acceptance 2: the public pages' HTML, as the static server sends
 * it, already holds their text: read with `request` (no browser, no script
 * runs). Then, in a browser, the same page hydrates without a mismatch.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

/** Each public page and text only its own rendering contains. */
const PUBLIC_PAGES = [
  { path: '/', title: 'Buy and sell with fellow students', texts: ['Buy and sell on campus, student to student.', 'Explore Listings'] },
  { path: '/features', title: 'Features', texts: ['Built for the way students trade', 'For buyers', 'Search that keeps up', 'For sellers'] },
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
  { path: '/login', title: 'Sign In', texts: ['Welcome back. Sign in with your university e-mail.', 'Email', 'Password', 'Forgot password?'] },
  { path: '/register', title: 'Create Account', texts: ['Join the marketplace with your university e-mail.', 'Full name', 'Repeat password'] },
  { path: '/forgot-password', title: 'Forgot Password', texts: ['Enter your university e-mail and we will send you a link to reset your password.'] },
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
  const script = /<script>(\(function\(\)\{[^<]*function go\(\)[^<]*)<\/script>/.exec(html)?.[1] ?? '';
  const [preloads = [], entries = []] = [...script.matchAll(/(\[[^\]]*\])\.forEach/g)].map((list) => JSON.parse(list[1] ?? '[]') as string[]);
  return { preloads, entries };
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
      // Chakra's styles travel in the page, in <head>: every class's rules in one tag (emotion moves
      // each server style tag at start-up, and each move restyles the page).
      expect(page.html.match(/<style data-emotion="css [^"]+">/g) ?? [], path).toHaveLength(1);
      expect(page.html).toMatch(/<head>[\s\S]*<style data-emotion="css [^"]+">[\s\S]*<\/head>/);
      // No script in <head> to fetch or run before the first paint: the page asks for its entry and
      // start-up scripts (this page's own among them) together, once it has painted.
      const head = /<head>([\s\S]*)<\/head>/.exec(page.html)?.[1] ?? '';
      expect(head).not.toMatch(/<script[^>]*\bsrc=|rel="?preload"? [^>]*as="?script/);
      const { preloads, entries } = startUpScripts(page.html);
      // The entry is run (exactly it), the chunks it will import are only preloaded.
      expect(entries, `${path}: entries`).toHaveLength(1);
      expect(entries[0], `${path}: entry`).toMatch(/^\/main\.[0-9a-f]{10}\.js$/);
      expect(preloads.some((file) => /^\/bootstrap\.[0-9a-f]{10}\.js$/.test(file)), `${path}: bootstrap in ${preloads.join(' ')}`).toBe(true);
      if (path !== '/') expect(preloads.some((file) => new RegExp(`^/page-${path.slice(1)}\\.[0-9a-f]{10}\\.js$`).test(file)), `${path}: its page`).toBe(true);
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
    test(`${path} is served with the auth remote's screen drawn in the page frame, inert until the remote runs`, async ({ request }) => {
      const config = (await (await request.get('/runtime-config.json')).json()) as { university: { name: string } };
      const page = await served(request, path);
      expect(page.html).toContain('aria-label="Main"');
      expect(page.rootText).toContain('Get campus deals in your inbox');
      // The remote's screen in place of the placeholder: a form that is only HTML is inert (nothing can be typed or sent).
      const screen = new RegExp(`<div data-remote-screen="remoteAuth" data-screen-path="${path}" inert="" aria-busy="true">`);
      expect(page.html).toMatch(screen);
      expect(page.html).not.toContain('data-testid="page-spinner"');
      for (const text of [...texts, `For students of ${config.university.name}`]) expect(page.rootText, `${path}: "${text}"`).toContain(text);
      expect(page.html).not.toContain('%%');
      // The screen's title, and its styles in <head> beside the frame's (still no style tag in the body).
      expect(page.html).toContain(`<title>${title} · Campus Marketplace</title>`);
      expect(page.html.match(/<style data-emotion="css [^"]+">/g) ?? []).toHaveLength(2);
      const body = /<body>([\s\S]*)<\/body>/.exec(page.html)?.[1] ?? '';
      expect(body).not.toContain('<style');
    });
  }

  for (const path of AUTH_FRAMES) {
    test(`${path} is served with the page frame drawn and the placeholder where the screen goes`, async ({ request }) => {
      const page = await served(request, path);
      expect(page.html).toContain('aria-label="Main"');
      expect(page.html).toContain('data-testid="page-spinner"');
      expect(page.html).not.toContain('data-screen-path');
      expect(page.rootText).toContain('Get campus deals in your inbox');
    });
  }

  test('other pages get the bare page, with the configuration inlined and what they need preloaded', async ({ request }) => {
    const config = (await (await request.get('/runtime-config.json')).json()) as { remotes: Record<string, string> };
    for (const path of ['/marketplace', '/no-such-page', '/product/some-slug']) {
      const page = await served(request, path);
      expect(page.html, path).toMatch(/<div id="?root"?><\/div>/);
      expect(page.html, path).toContain('<script id="runtime-config" type="application/json">');
      expect(page.html, path).toMatch(/<link rel="preload" href="\/bootstrap\.[0-9a-f]{10}\.js" as="script"/);
    }
    // The remote that renders the route: its manifest downloads beside the shell's scripts.
    expect((await served(request, '/product/some-slug')).html).toContain(`<link rel="preload" href="${config.remotes.remoteMarketplace}" as="fetch"`);
    expect((await served(request, '/login')).html).toContain(`<link rel="preload" href="${config.remotes.remoteAuth}" as="fetch"`);
    expect((await served(request, '/no-such-page')).html).not.toContain('as="fetch"');
  });
});

test.describe('hydration of a prerendered page', () => {
  for (const path of ['/', '/features', '/login']) {
    test(`${path} hydrates without a mismatch`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(path);
      await expect(page.locator('html[data-app-mounted="true"]')).toHaveCount(1);
      // Interactive after hydration: the navbar's links are React's now (client-side navigation).
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems.filter((p) => /hydrat|did not match|#418|#423|#425/i.test(p))).toEqual([]);
    });
  }

  test("/login's prerendered form stays on screen, inert, after hydration until the remote has arrived", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/remoteEntry.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await expect(page.locator('html[data-app-mounted="true"]')).toHaveCount(1);
    // The shell has hydrated and drawn the route's placeholder: the copy of the remote's screen, not a spinner.
    await expect(page.locator('[data-screen-path="/login"][inert] h1')).toHaveText('Sign In');
    await expect(page.getByTestId('page-spinner')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toHaveCount(1);
    release();
    await page.getByLabel('Email').fill('someone@example.com');
    await expect(page.locator('[inert]')).toHaveCount(0);
  });

  test("/login's prerendered form is replaced by the remote's live one, with nothing moving", async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { layoutShifts: shifts });
    });
    await page.goto('/login');
    // The live form: typed into, and no inert copy left.
    await page.getByLabel('Email').fill('someone@example.com');
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
    await expect(page.locator('[inert]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(1);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
  });
});
