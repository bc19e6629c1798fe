/**
 * Foundation journeys: the shell, its routing and remote loading, as a guest
 * sees them, against production builds.
 */
import { expect, test, type Page } from '../support/journey';
import { signInThroughApi } from '../support/accounts';
import { OWN_PRODUCT } from '../support/ports';
import { startRemote, stopRemote } from '../support/product';

function navbar(page: Page) {
  return page.getByRole('banner');
}

/**
 * The scripts the page loads from now on (a preload and the <script> that uses it are one file).
 * Their bodies are read when asked, not from the response event: a preloaded script's body is not
 * always there to read. Chunk names are content hashes, so the second read gets the same bytes.
 */
function recordScripts(page: Page): { matching(test: (body: string) => boolean): Promise<string[]> } {
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  return {
    async matching(test) {
      const found: string[] = [];
      for (const url of urls) if (test(await (await page.request.get(url)).text())) found.push(url);
      return found;
    },
  };
}

test('Explore Listings on the landing page takes a guest to sign in', { tag: ['@auth', '@marketplace'] }, async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Explore Listings' }).first().click();
  // /marketplace is for signed-in users: the guard sends a guest to /login (carrying the page, for signing in to return to it).
  await expect(page).toHaveURL(/\/login\?next=%2Fmarketplace$/);
  // The auth remote really loaded (no fallback).
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('an unknown path shows the 404 page, however deep', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: /404|Page not found/i }).first()).toBeVisible();
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: /404|Page not found/i }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Features' }).first()).toBeVisible();
});

test.describe('a remote whose server is down', { tag: ['@auth', OWN_PRODUCT] }, () => {
  test.afterEach(async () => {
    // Leave the product whole for the next journey, whatever happened.
    await startRemote('remoteAuth').catch(() => undefined);
  });

  test('leaves the landing page and navbar working, shows Retry, and recovers', async ({ page }) => {
    await stopRemote('remoteAuth');

    // Start-up does not wait on the dead remote.
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Explore Listings' }).first()).toBeVisible();
    await expect(navbar(page).getByRole('link', { name: 'Features' }).first()).toBeVisible();

    // Its route shows the fallback inside the intact chrome.
    await page.goto('/forgot-password');
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
    await expect(navbar(page).getByRole('link', { name: 'Features' }).first()).toBeVisible();

    // Back up: Retry loads it without a page reload.
    await startRemote('remoteAuth');
    await retry.click();
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await expect(retry).toHaveCount(0);
  });
});

test('the page runs exactly one copy of React, shared with the remotes', { tag: ['@auth'] }, async ({ page }) => {
  // Every react-dom copy registers a renderer with the devtools hook: count them.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.defineProperty(window, '__campusRenderers', { value: renderers });
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      configurable: true,
      value: {
        supportsFiber: true,
        renderers: new Map(),
        inject(renderer: { version?: string }) {
          renderers.push(renderer.version);
          return renderers.length;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
  });
  const scripts = recordScripts(page);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Explore Listings' }).first()).toBeVisible();
  // Visit a remote's route so its entry and exposed module load too.
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  // The heading is already in the served HTML (the remote's screen, inert): wait for the live screen,
  // so react-dom has run and the remote has rendered with it.
  await expect(page.locator('[inert]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');

  const renderers = await page.evaluate(() => (window as unknown as { __campusRenderers: string[] }).__campusRenderers);
  expect(renderers).toHaveLength(1);
  // React's own module (not react-dom, not jsx-runtime): the element symbol and the hooks it exports.
  const reactFiles = await scripts.matching((body) => body.includes('react.transitional.element') && /\.useState=function/.test(body));
  expect(
    reactFiles.map((url) => new URL(url).pathname),
    'files that define React',
  ).toHaveLength(1);

  // Federation's share scope agrees: one loaded copy each of react and react-dom.
  // (Every federation instance points at the same scope objects, hence the Set.)
  const loaded = await page.evaluate(() => {
    type Version = { loaded?: boolean; lib?: unknown };
    type Scope = Record<string, Record<string, Version>>;
    const federation = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Scope>> } }).__FEDERATION__;
    const seen: Record<string, Set<Version>> = { react: new Set(), 'react-dom': new Set() };
    for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
      for (const scope of Object.values(scopes)) {
        for (const [name, set] of Object.entries(seen)) {
          for (const version of Object.values(scope[name] ?? {})) if (version.loaded || version.lib) set.add(version);
        }
      }
    }
    return Object.fromEntries(Object.entries(seen).map(([name, set]) => [name, set.size]));
  });
  expect(loaded).toEqual({ react: 1, 'react-dom': 1 });
});

test(
  "a remote's route uses the shell's copy of the shared package, so zod downloads and runs once",
  { tag: ['@marketplace'] },
  async ({ page, request }) => {
    // The marketplace remote imports no zod itself; the contract it calls (@campus/shared/endpoints) does.
    // Before the shell provided every @campus/shared subpath, the route loaded the remote's own copy of
    // the contract, and a second zod with it.
    await signInThroughApi(page, request, 'buyer');
    const scripts = recordScripts(page);
    await page.goto('/marketplace');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Zod's own code names its error class; minification keeps the string.
    const zodFiles = await scripts.matching((body) => body.includes('"ZodError"'));
    expect(zodFiles, 'scripts that carry zod').toHaveLength(1);
    expect(new URL(zodFiles[0] ?? 'about:blank').origin, 'zod comes from the shell').toBe(new URL(page.url()).origin);
  },
);
