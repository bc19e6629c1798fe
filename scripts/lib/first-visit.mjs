/**
 * A student's first visit, as `npm run perf` measures it: a new browser process with an empty
 * profile for every cold run, a blank page first, and a check that the run really fetched the
 * page's scripts from the network.
 *
 * Why a new process: the runs of record before 2026-12-02 opened the shell once in the tab
 * (a warm-up page) and then only emptied the HTTP cache. Chromium's in-memory cache outlives
 * `Network.clearBrowserCache`, so part of the JavaScript came from the tab's memory: a cold
 * `/marketplace` transferred 166-295 KiB where a fresh profile transfers about 365 KiB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs } from './chromium.mjs';
import { freePort } from './product.mjs';

/**
 * A cold run may transfer this much less of the fresh profile's scripts and still count as a first
 * visit: response headers and compression differ by a few bytes between two loads; a script taken
 * from memory is its whole size.
 */
export const FIRST_VISIT_TOLERANCE = 0.02;

/** The address a session is written from: served by Playwright itself, so no product script runs. */
const STORAGE_PAGE = '/__perf-storage__';

/** A new Chromium process on an empty profile directory, listening for Lighthouse on `port`. */
export async function freshBrowser(executablePath) {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'campus-perf-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  const close = async () => {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, port, close };
}

/**
 * Writes (or, with `session` null, empties) the app's session in the origin's local storage as the
 * app's sign-in leaves it (token, renewal token, user), from a blank page on that origin that
 * Playwright answers itself: none of the product's HTML or scripts is loaded, so nothing is cached.
 * Then returns the tab to about:blank. Resolves with the session that was in storage before.
 */
export async function writeSession(context, origin, session) {
  const page = context.pages()[0] ?? (await context.newPage());
  const blank = `${origin}${STORAGE_PAGE}`;
  await page.route(blank, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>storage</title>' }),
  );
  try {
    await page.goto(blank);
    return await page.evaluate((stored) => {
      const token = localStorage.getItem('token');
      const user = localStorage.getItem('user');
      const before = token && user ? { token, refreshToken: localStorage.getItem('refreshToken'), user: JSON.parse(user) } : null;
      localStorage.clear();
      if (stored) {
        localStorage.setItem('token', stored.token);
        if (stored.refreshToken) localStorage.setItem('refreshToken', stored.refreshToken);
        localStorage.setItem('user', JSON.stringify(stored.user));
      }
      return before;
    }, session);
  } finally {
    await page.unroute(blank);
    await page.goto('about:blank');
  }
}

/**
 * Takes the session the app left in storage out of it (the app renews the token, and a renewal
 * token is good once: the next run needs the latest), or null.
 */
export const takeSession = (context, origin) => writeSession(context, origin, null);

/**
 * The scripts a fresh profile transfers for `url`: a new browser process, `session` in storage,
 * the page loaded, and every script response until none has come for `quietMs` (not 'networkidle':
 * a signed-in page keeps its event stream open). Resolves with a map of script URL to bytes
 * transferred (headers and encoded body), and the session the app left.
 */
export async function freshProfileScripts(executablePath, url, session, { quietMs = 3000, timeoutMs = 60_000 } = {}) {
  const browser = await freshBrowser(executablePath);
  const origin = new URL(url).origin;
  try {
    await writeSession(browser.context, origin, session);
    const page = browser.context.pages()[0];
    /** @type {Map<string, number>} */
    const scripts = new Map();
    const pending = [];
    let last = Date.now();
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      last = Date.now();
      pending.push(
        request.sizes().then(
          (sizes) => scripts.set(request.url(), sizes.responseBodySize + sizes.responseHeadersSize),
          () => undefined,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() - last < quietMs && Date.now() < deadline) await page.waitForTimeout(250);
    await Promise.all(pending);
    const left = session ? await takeSession(browser.context, origin) : null;
    return { scripts, session: left ?? session };
  } finally {
    await browser.close();
  }
}

/**
 * Whether a Lighthouse run fetched the fresh profile's scripts from the network: each script the
 * fresh profile transferred is looked up in the run's network requests (`network-requests` audit
 * items: url, resourceType, transferSize); one missing or taken from a cache counts as 0 bytes.
 * `short` is true when the run transferred less than the fresh profile, beyond the tolerance.
 * @param {Map<string, number>} reference script URL -> bytes, from freshProfileScripts
 * @param {{ url: string, resourceType?: string, transferSize?: number }[]} items
 */
export function firstVisitCheck(reference, items, tolerance = FIRST_VISIT_TOLERANCE) {
  /** @type {Map<string, number>} */
  const transferred = new Map();
  for (const item of items) {
    if (item.resourceType !== 'Script') continue;
    transferred.set(item.url, (transferred.get(item.url) ?? 0) + (item.transferSize ?? 0));
  }
  let expected = 0;
  let got = 0;
  const missing = [];
  for (const [url, bytes] of reference) {
    const run = transferred.get(url) ?? 0;
    expected += bytes;
    got += Math.min(run, bytes);
    if (run < bytes * (1 - tolerance)) missing.push(url);
  }
  let scriptBytes = 0;
  for (const bytes of transferred.values()) scriptBytes += bytes;
  return { expected, got, scriptBytes, missing, short: got < expected * (1 - tolerance) };
}
