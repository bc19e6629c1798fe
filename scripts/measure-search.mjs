#!/usr/bin/env node
/**
 * How fast /marketplace answers a search, and how much
 * JavaScript the route loads. Printed, not asserted.
 *
 *  1. Starts the whole product (scripts/start.mjs: production builds, the API
 *     with its demo data and built-in search) on free ports with a throwaway
 *     data directory, unless MEASURE_URL points at a running shell.
 *  2. Signs in as the demo buyer, opens /marketplace in headless Chromium and
 *     records every script the route requests until its first results show:
 *     raw and gzip bytes, per app.
 *  3. Types a series of searches (some with typos) like a person does, one key
 *     every 40 ms, and measures in the page the time from the last keystroke to
 *     the results for that query being in the DOM and painted (the 150 ms
 *     debounce included). Prints the median, p90, min and max, and the median
 *     time of the search request itself.
 *
 * Usage: node scripts/measure-search.mjs
 * Env: MEASURE_URL (a running shell, e.g. http://localhost:3000), MEASURE_ROUNDS (3),
 *      MEASURE_PORT_BASE (3300), MEASURE_EMAIL / MEASURE_PASSWORD (the demo buyer).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './lib/chromium.mjs';
import { signIn, startProduct } from './lib/run-product.mjs';

const ROUNDS = Number(process.env.MEASURE_ROUNDS || 1);
const TYPE_DELAY_MS = 40;
/**
 * Demo-data searches, some with typos, all different: the algoliasearch client
 * caches answers in memory, so a repeated term would measure that cache, not
 * the search (with MEASURE_ROUNDS > 1 the repeats are reported apart).
 */
const TERMS = [
  'iphnoe',
  'calculator',
  'matress',
  'hoodie',
  'laptop',
  'chemistry',
  'kettle',
  'shea butter',
  'footbal',
  'power bank',
  'samsung',
  'thinkpad',
  'earbuds',
  'speaker',
  'charger',
  'backpack',
  'biology',
  'algoritms',
  'notebook',
  'highlighters',
  'ankara',
  'denim',
  'trousers',
  'agbada',
  'slippers',
  'heels',
  'braids',
  'wristwatch',
  'mosquito net',
  'indomie',
];
const KB = 1000;

const log = (line = '') => process.stdout.write(`${line}\n`);

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

async function measure(shellUrl) {
  const config = await (await fetch(`${shellUrl}/runtime-config.json`)).json();
  const email = process.env.MEASURE_EMAIL || `buyer@${config.university.emailDomain}`;
  const { token } = await signIn(config.apiBaseUrl, email, process.env.MEASURE_PASSWORD || 'campus123');

  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium found (install Debian's chromium or set CHROMIUM_PATH).");
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Signed in before the first script runs, as a returning student is.
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();

    /** @type {{ url: string, origin: string, raw: number, gzip: number, beforeResults: boolean }[]} */
    const scripts = [];
    const pending = [];
    let resultsShown = false;
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const beforeResults = !resultsShown;
      pending.push(
        response.body().then(
          (body) => {
            const url = new URL(response.url());
            scripts.push({
              url: url.pathname,
              origin: url.origin,
              raw: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
              beforeResults,
            });
          },
          () => undefined,
        ),
      );
    });
    /** Durations of the search service requests (algoliasearch's POST .../queries). */
    const searchRequests = [];
    page.on('requestfinished', (request) => {
      if (!/\/1\/indexes\//.test(request.url())) return;
      const t = request.timing();
      if (t.responseEnd > 0) searchRequests.push(t.responseEnd - t.requestStart);
    });

    const started = Date.now();
    await page.goto(`${shellUrl}/marketplace`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="search-results"][data-state="success"] [data-testid="product-card"]', { timeout: 60_000 });
    const firstResultsMs = Date.now() - started;
    resultsShown = true;
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const appOf = (origin) => {
      const entry = Object.entries(config.remotes).find(([, manifest]) => new URL(manifest).origin === origin);
      if (entry) return entry[0];
      return origin === new URL(shellUrl).origin ? 'shell' : origin;
    };
    const before = scripts.filter((s) => s.beforeResults);
    const sum = (list, key) => list.reduce((n, s) => n + s[key], 0);
    const byApp = new Map();
    for (const s of before) {
      const app = appOf(s.origin);
      const row = byApp.get(app) ?? { files: 0, raw: 0, gzip: 0 };
      row.files += 1;
      row.raw += s.raw;
      row.gzip += s.gzip;
      byApp.set(app, row);
    }

    // Last keystroke -> results for that query in the DOM and painted (next animation frame).
    await page.evaluate(() => {
      const w = window;
      w.__lastKey = 0;
      document.addEventListener('keydown', () => (w.__lastKey = performance.now()), true);
    });
    const box = page.getByRole('combobox', { name: 'Search products' });
    const samples = [];
    const repeats = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const term of TERMS) {
        const done = page.evaluate(
          (q) =>
            new Promise((resolve, reject) => {
              const el = document.querySelector('[data-testid="search-results"]');
              if (!el) return reject(new Error('no results container'));
              const timer = setTimeout(() => reject(new Error(`no results for "${q}" within 20 s`)), 20_000);
              const check = () => {
                if (el.getAttribute('data-query') === q && el.getAttribute('data-state') !== 'loading') {
                  observer.disconnect();
                  clearTimeout(timer);
                  requestAnimationFrame(() =>
                    resolve({ at: performance.now(), lastKey: window.__lastKey, state: el.getAttribute('data-state') }),
                  );
                }
              };
              const observer = new MutationObserver(check);
              observer.observe(el, { attributes: true, attributeFilter: ['data-query', 'data-state'] });
            }),
          term,
        );
        await box.click();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type(term, { delay: TYPE_DELAY_MS });
        const { at, lastKey, state } = await done;
        if (state !== 'success') throw new Error(`Search "${term}" ended in state ${state}`);
        (round === 0 ? samples : repeats).push(at - lastKey);
        await page.waitForTimeout(250);
      }
    }

    const sorted = [...samples].sort((a, b) => a - b);
    const requestsSorted = [...searchRequests].sort((a, b) => a - b);
    const kb = (bytes) => (bytes / KB).toFixed(1);

    log('');
    log(`/marketplace JavaScript loaded until the first results showed (${firstResultsMs} ms after navigation):`);
    log(`${'files'.padStart(6)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}  app`);
    for (const [app, row] of [...byApp.entries()].sort((a, b) => b[1].gzip - a[1].gzip)) {
      log(`${String(row.files).padStart(6)} ${kb(row.raw).padStart(8)} ${kb(row.gzip).padStart(8)}  ${app}`);
    }
    log(`${String(before.length).padStart(6)} ${kb(sum(before, 'raw')).padStart(8)} ${kb(sum(before, 'gzip')).padStart(8)}  total`);
    const mine = before.filter((s) => appOf(s.origin) === 'remoteMarketplace');
    for (const s of [...mine].sort((a, b) => b.gzip - a.gzip)) log(`         ${kb(s.gzip).padStart(8)}  remoteMarketplace ${s.url}`);
    const after = scripts.filter((s) => !s.beforeResults);
    if (after.length)
      log(`After the first results, until the network was idle: ${after.length} more files, ${kb(sum(after, 'gzip'))} KB gzip`);

    log('');
    const stats = (list) => {
      const s = [...list].sort((a, b) => a - b);
      return `median ${percentile(s, 50).toFixed(0)} ms   p90 ${percentile(s, 90).toFixed(0)} ms   min ${s[0].toFixed(0)} ms   max ${s.at(-1).toFixed(0)} ms`;
    };
    log(
      `Last keystroke -> results rendered on /marketplace, ${samples.length} different searches on the demo data (typed ${TYPE_DELAY_MS} ms/key; includes the 150 ms debounce):`,
    );
    log(`  ${stats(sorted)}`);
    if (repeats.length) log(`  the same searches again (${repeats.length}, answered from the client's cache): ${stats(repeats)}`);
    log(
      `  search service request (browser-side, ${requestsSorted.length} requests incl. suggestions): median ${percentile(requestsSorted, 50).toFixed(0)} ms, p90 ${percentile(requestsSorted, 90).toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
  }
}

async function main() {
  const external = process.env.MEASURE_URL?.replace(/\/$/, '');
  const product = external
    ? { shellUrl: external, stop: async () => undefined }
    : await startProduct({ base: Number(process.env.MEASURE_PORT_BASE || 3300), log });
  const stop = () => product.stop().finally(() => process.exit(1));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await measure(product.shellUrl);
  } finally {
    await product.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`measure-search: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
