/**
 * Security headers on everything the product serves (page-server/src/security-headers.mjs,
 * docs/api.md "Security"): every route of the shell and each remote's entry and page carry them,
 * the Content-Security-Policy follows the grammar and allows scripts only from the product's own
 * origins (as the runtime configuration names them) and the page's own inline scripts; every page
 * loads under it with no violation (in the page or in the API's report log), and an injected inline
 * script is blocked and reported.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { REMOTES, SHELL_SCREENS, type ScreenContract } from '../../shared/src/federation';
import { signInThroughApi } from '../support/accounts';
import { hostSources, parsePolicy } from '../support/csp';
import { OWN_PRODUCT } from '../support/ports';
import { apiAs, demoToken } from '../support/shop';

interface Config {
  apiBaseUrl: string;
  remotes: Record<string, string>;
  /** Where a remote's preview build may come from (remote overrides): a remote's origin too. */
  remoteOverrideOrigins?: string[];
}

const SCREENS: ScreenContract[] = [
  ...Object.values(REMOTES).flatMap((r) => [...r.screens]),
  ...SHELL_SCREENS.map((s) => ({ ...s, access: 'public' as const })),
];

/** Every screen's path with real values for its parameters (a demo product, store and category). */
async function routePaths(request: APIRequestContext): Promise<{ path: string; access: string }[]> {
  const api = await apiAs(request, await demoToken(request, 'gadgethub'));
  const me = (await api.get('/auth/me')) as { data: { seller: { id: string } } };
  const catalogue = (await api.get(`/sellers/${me.data.seller.id}/catalogue?limit=1`)) as {
    data: { products: Array<{ id: string; slug: string; categoryId: string }> };
  };
  const product = catalogue.data.products[0];
  const values: Record<string, string> = {
    slug: product?.slug ?? 'x',
    categoryId: product?.categoryId ?? 'x',
    sellerId: me.data.seller.id,
    productId: product?.id ?? 'x',
    id: product?.id ?? 'x',
  };
  return SCREENS.map((s) => ({
    path: s.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? 'x')),
    access: s.access,
  }));
}

const origin = (url: string) => new URL(url).origin;

/** The headers every page must carry, and its policy checked against the product's origins. */
function expectPageHeaders(response: APIResponse, where: string, config: Config, self: string) {
  const headers = response.headers();
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], where).toContain('camera=()');
  expect(headers['access-control-allow-origin'], `${where}: no CORS on a page`).toBeUndefined();
  // Plain HTTP here: no HSTS.
  expect(headers['strict-transport-security'], where).toBeUndefined();
  const { directives, errors } = parsePolicy(headers['content-security-policy'] ?? '');
  expect(errors, where).toEqual([]);
  const ours = new Set([self, ...Object.values(config.remotes).map(origin), ...(config.remoteOverrideOrigins ?? [])]);
  const scripts = directives.get('script-src') ?? [];
  expect(scripts, where).toContain("'self'");
  expect(
    scripts.filter((s) => ["'unsafe-inline'", "'unsafe-eval'", '*'].includes(s) || s.endsWith(':')),
    where,
  ).toEqual([]);
  expect(
    hostSources(scripts).filter((s) => !ours.has(s)),
    `${where}: scripts only from our origins`,
  ).toEqual([]);
  for (const remote of Object.values(config.remotes)) expect(scripts, where).toContain(origin(remote));
  expect(directives.get('connect-src'), where).toContain(origin(config.apiBaseUrl));
  expect(directives.get('img-src'), where).toEqual(expect.arrayContaining(["'self'", origin(config.apiBaseUrl), 'data:', 'blob:']));
  expect(directives.get('object-src'), where).toEqual(["'none'"]);
  expect(directives.get('base-uri'), where).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(directives.get('form-action'), where).toEqual(["'self'"]);
  expect(directives.get('report-uri'), where).toEqual([`${origin(config.apiBaseUrl)}/api/v1/csp-reports`]);
}

/** What the page's policy blocked, as the page saw it (securitypolicyviolation events). */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`),
    );
  });
}
const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** The API's log lines about CSP violations (global-setup.ts: PRODUCT_LOG_FILE, LOG_LEVEL=warn). */
function reportedViolations(): string[] {
  const file = process.env.PRODUCT_LOG_FILE;
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"CSP violation"'));
}

let config: Config;
test.beforeAll(async ({ request }) => {
  config = (await (await request.get('/runtime-config.json')).json()) as Config;
});

test("every route the shell serves carries the headers, and a policy that allows only the product's origins", async ({
  request,
  baseURL,
}) => {
  const shell = origin(baseURL ?? '');
  for (const { path } of await routePaths(request)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectPageHeaders(response, path, config, shell);
  }
});

test("each remote's manifest and entry are open to the shell (CORS), its own page is not, and carries the headers", async ({ request }) => {
  for (const [name, manifestUrl] of Object.entries(config.remotes)) {
    const manifest = await request.get(manifestUrl);
    expect(manifest.status(), name).toBe(200);
    expect(manifest.headers()['access-control-allow-origin'], `${name} manifest`).toBe('*');
    expect(manifest.headers()['x-content-type-options']).toBe('nosniff');
    const entry = ((await manifest.json()) as { metaData: { remoteEntry: { name: string; path: string } } }).metaData.remoteEntry;
    const entryUrl = new URL(`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`, manifestUrl).href;
    const script = await request.get(entryUrl);
    expect(script.status(), entryUrl).toBe(200);
    expect(script.headers()['access-control-allow-origin'], entryUrl).toBe('*');
    const page = await request.get(`${origin(manifestUrl)}/`);
    expect(page.status(), `${name} page`).toBe(200);
    expectPageHeaders(page, `${name}'s own page`, config, origin(manifestUrl));
  }
});

/** Pages loaded at once: each load mostly waits (for the network to go quiet), so a few side by side finish sooner on two cores. */
const PAGES_AT_ONCE = 3;

test('every page loads under its policy with no violation, signed out and signed in', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const paths = await routePaths(request);
  const reportedBefore = reportedViolations().length;
  /** Loads the paths in PAGES_AT_ONCE tabs, each in a browser of its own (signed in as `as`, each with its own session). */
  const loadAll = async (all: string[], as?: string) => {
    const queue = [...all];
    await Promise.all(
      Array.from({ length: Math.min(PAGES_AT_ONCE, all.length) }, async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        await watchViolations(page);
        if (as) await signInThroughApi(page, request, as);
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          expect(await violationsOf(page), `${path}${as ? ` (signed in as ${as})` : ''}`).toEqual([]);
        }
        await context.close();
      }),
    );
  };
  await loadAll(paths.map((p) => p.path));
  await loadAll(
    paths.filter((p) => p.access !== 'guest-only').map((p) => p.path),
    'gadgethub',
  );
  // Each remote on its own origin, as a developer opens it.
  await loadAll(Object.values(config.remotes).map((manifestUrl) => `${origin(manifestUrl)}/`));
  expect(reportedViolations().slice(reportedBefore)).toEqual([]);
});

// Reads the API's log, which only the product the suite starts writes where the suite can read it.
test(
  'an inline script without a hash of the page is blocked, and the violation is reported to the API',
  { tag: [OWN_PRODUCT] },
  async ({ page }) => {
    test.setTimeout(120_000);
    await watchViolations(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const reportedBefore = reportedViolations().length;
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injectedRan = true;';
      document.body.appendChild(script);
    });
    await expect.poll(() => violationsOf(page)).toEqual([expect.stringMatching(/^script-src(-elem)? blocked inline/)]);
    expect(await page.evaluate(() => (window as unknown as { __injectedRan?: boolean }).__injectedRan)).toBeUndefined();
    // Browsers send reports in the background (the Reporting API batches them for up to a minute).
    await expect
      .poll(() => reportedViolations().slice(reportedBefore), { timeout: 90_000, intervals: [1_000] })
      .toEqual([expect.stringContaining('"blockedUrl":"inline"')]);
  },
);
