/**
 * Issue 14, acceptance 2: the public pages' HTML, as the static server sends
 * it, already holds their text: read with `request` (no browser, no script
 * runs). Then, in a browser, the same page hydrates without a mismatch.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

/** Each public page and text only its own rendering contains. */
const PUBLIC_PAGES = [
  { path: '/', texts: ['Buy and sell on campus, student to student.', 'Explore Listings'] },
  { path: '/features', texts: ['Built for the way students trade', 'For buyers', 'Search that keeps up', 'For sellers'] },
  { path: '/how-it-works', texts: ['From sign-up to pickup in minutes', 'Buying', 'Selling'] },
  { path: '/products', texts: ['What students sell here'] },
  { path: '/client-stories', texts: ['Students buying from students'] },
];

/** The auth screens' frame: navbar and footer drawn, the form's place held by the loading placeholder. */
const AUTH_FRAMES = ['/auth', '/login', '/register', '/verify', '/forgot-password', '/reset-password'];

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
  const root = /<div id="?root"?>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
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

test.describe('the HTML the server sends, before any script runs', () => {
  for (const { path, texts } of PUBLIC_PAGES) {
    test(`${path} holds its own text, its styles and its scripts' preloads`, async ({ request }) => {
      const page = await served(request, path);
      for (const text of texts) expect(page.rootText, `${path}: "${text}"`).toContain(text);
      // Navbar and footer are part of the first paint too.
      expect(page.html).toContain('aria-label="Main"');
      expect(page.rootText).toContain('Get campus deals in your inbox');
      // Chakra's styles travel in the page, in <head>.
      expect(page.html).toMatch(/<head>[\s\S]*<style data-emotion="css [^"]+">[\s\S]*<\/head>/);
      expect(page.html).toMatch(/<link rel="preload" href="\/bootstrap\.[0-9a-f]{10}\.js" as="script"/);
      if (path !== '/') expect(page.html).toMatch(new RegExp(`<link rel="preload" href="/page-${path.slice(1)}\\.[0-9a-f]{10}\\.js" as="script"`));
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

  for (const path of AUTH_FRAMES) {
    test(`${path} is served with the page frame drawn`, async ({ request }) => {
      const page = await served(request, path);
      expect(page.html).toContain('aria-label="Main"');
      expect(page.html).toContain('data-testid="page-spinner"');
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
});
