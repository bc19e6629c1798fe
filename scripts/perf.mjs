#!/usr/bin/env node
/**
 * `npm run perf`: how fast the product is on a student's phone,
 * measured by the project itself. Printed, never asserted.
 *
 *  1. Starts the whole product (production builds, demo data, built-in search)
 *     on free ports with a throwaway data directory, unless PERF_URL points at
 *     a running shell.
 *  2. Lighthouse (mobile profile: emulated mid-range phone, simulated slow 4G)
 *     on `/`, `/login` (as a guest) and `/marketplace` and a product page (as
 *     the demo buyer, signed in the way a returning student is: token and user
 *     in local storage). Prints score, LCP, TBT, CLS and bytes per page, the
 *     median of PERF_RUNS runs.
 *  3. The search keystroke-to-results figure (scripts/measure-search.mjs) and
 *     the landing page's JavaScript before React has taken it over (hydration)
 *     (scripts/bundle-report.mjs) against the same product.
 *
 * Usage: npm run perf
 * Env: PERF_URL (a running shell), PERF_RUNS (1), PERF_PORT_BASE (3500),
 *      PERF_PAGES (comma-separated subset: landing,login,marketplace,product),
 *      PERF_REPORT_DIR (keep every Lighthouse report there, as JSON).
 * The figures move with the machine (Lighthouse simulates a phone from what
 * this CPU did), so the table says what the load average was and Lighthouse's
 * own CPU benchmark (`benchmarkIndex`: higher is faster; docs/performance.md
 * says what machines of this kind have read): compare runs whose
 * index is close.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './lib/chromium.mjs';
import { ROOT, freePort } from './lib/product.mjs';
import { signIn, startProduct } from './lib/run-product.mjs';

const RUNS = Math.max(1, Number(process.env.PERF_RUNS || 1));
const log = (line = '') => process.stdout.write(`${line}\n`);
/** The targets (docs/performance.md; printed beside the figures, never asserted): score, and CLS at most 0.02. */
const TARGET_SCORE = { landing: 95, login: 90, marketplace: 90, product: 90 };
const TARGET_CLS = 0.02;
/** Lighthouse's figures mean little on a busy machine: say how busy it was. */
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')} (1/5/15 min) on ${cpus().length} cores`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** One Lighthouse performance run against the browser listening on `port`. */
async function audit(url, port, { keepStorage }) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Signed-in pages need the session the page below put in local storage.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // The whole report (long tasks, LCP element, layout shifts, network) for whoever asks why a figure is what it is.
  if (process.env.PERF_REPORT_DIR) {
    mkdirSync(process.env.PERF_REPORT_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || '_'}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.PERF_REPORT_DIR, name), JSON.stringify(lhr));
  }
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    bytes: metric('total-byte-weight'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

function runScript(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', script)], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

async function lighthouseTable(shellUrl) {
  const config = await (await fetch(`${shellUrl}/runtime-config.json`)).json();
  const session = await signIn(config.apiBaseUrl, `buyer@${config.university.emailDomain}`, process.env.PERF_PASSWORD || 'campus123');
  const products = await (await fetch(`${config.apiBaseUrl}/api/v1/products/all?limit=1`)).json();
  const slug = products.data[0]?.slug;
  if (!slug) throw new Error('The demo data has no product to measure');

  const pages = [
    { id: 'landing', path: '/', signedIn: false },
    { id: 'login', path: '/login', signedIn: false },
    { id: 'marketplace', path: '/marketplace', signedIn: true },
    { id: 'product', path: `/product/${slug}`, signedIn: true },
  ];
  const wanted = process.env.PERF_PAGES?.split(',').map((p) => p.trim());
  const selected = wanted ? pages.filter((p) => wanted.includes(p.id)) : pages;

  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium found (install Debian's chromium or set CHROMIUM_PATH).");
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'campus-perf-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  const rows = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    for (const target of selected) {
      // Guests start with empty storage; the buyer with the session a returning student has.
      await page.goto(`${shellUrl}/404-warm-up`, { waitUntil: 'domcontentloaded' });
      await page.evaluate(
        ({ signedIn, token, user }) => {
          localStorage.clear();
          if (signedIn) {
            localStorage.setItem('token', token);
            localStorage.setItem('user', JSON.stringify(user));
          }
        },
        { signedIn: target.signedIn, token: session.token, user: session.user },
      );
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        // Keeping storage keeps the HTTP cache too: empty it, so a signed-in page is measured as a first visit of the day.
        if (target.signedIn) await cdp.send('Network.clearBrowserCache');
        const url = `${shellUrl}${target.path}`;
        // One failed run (a busy machine can time Lighthouse out) is retried once, not fatal.
        const run = await audit(url, port, { keepStorage: target.signedIn }).catch((error) => {
          log(`  run ${i + 1} of ${target.path} failed (${error instanceof Error ? error.message : String(error)}); once more`);
          return audit(url, port, { keepStorage: target.signedIn });
        });
        runs.push(run);
      }
      const pick = (key) => median(runs.map((r) => r[key]));
      rows.push({
        id: target.id,
        page: target.path.startsWith('/product/') ? '/product/{slug}' : target.path,
        score: pick('score'),
        scores: runs.map((r) => r.score),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        bytes: pick('bytes'),
        benchmarkIndex: pick('benchmarkIndex'),
      });
      log(`  measured ${target.path} (${RUNS} run${RUNS > 1 ? 's' : ''}: scores ${runs.map((r) => r.score).join(', ')}; ${load()})`);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  log('');
  const benchmark = median(rows.map((r) => r.benchmarkIndex));
  log(`Lighthouse, mobile profile (median of ${RUNS} run${RUNS > 1 ? 's' : ''}; ${load()}; CPU benchmark index ${Math.round(benchmark)}):`);
  log('| page | score | LCP | TBT | CLS | bytes | target (score, CLS ≤ 0.02) |');
  log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const met = r.score >= TARGET_SCORE[r.id] && r.cls <= TARGET_CLS;
    log(
      `| \`${r.page}\` | ${r.score} | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt).toLocaleString('en')} ms | ${r.cls.toFixed(3)} | ${Math.round(r.bytes / 1024)} KiB | ≥ ${TARGET_SCORE[r.id]}: ${met ? 'met' : 'not met'} |`,
    );
  }
  log(
    'Scores move with the machine (Lighthouse simulates a phone from what this CPU did): compare runs on a quiet machine, with a close benchmark index.',
  );
  log('');
}

async function main() {
  const external = process.env.PERF_URL?.replace(/\/$/, '');
  const product = external
    ? { shellUrl: external, stop: async () => undefined }
    : await startProduct({ base: Number(process.env.PERF_PORT_BASE || 3500), log });
  const stop = () => product.stop().finally(() => process.exit(1));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await lighthouseTable(product.shellUrl);
    log('Search, keystroke to results:');
    await runScript('measure-search.mjs', { MEASURE_URL: product.shellUrl });
    log('');
    log('Landing page JavaScript before hydration:');
    await runScript('bundle-report.mjs', {});
  } finally {
    await product.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`perf: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
