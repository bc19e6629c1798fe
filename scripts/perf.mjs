#!/usr/bin/env node
/**
 * `npm run perf`: how fast the product is on a student's phone,
 * measured by the project itself. Printed, never asserted.
 *
 *  1. Starts the whole product (production builds, demo data, built-in search)
 *     on free ports with a throwaway data directory, unless PERF_URL points at
 *     a running shell.
 *  2. Lighthouse (mobile profile: emulated mid-range phone, simulated slow 4G)
 *     on every page as a first visit: every cold run in a new browser process on
 *     an empty profile, from a blank page, a guest's storage empty, a signed-in
 *     page with the demo buyer's session (token, renewal token, user) written to
 *     local storage from a page no product script runs on (lib/first-visit.mjs).
 *     `/` and `/login` as a guest, `/marketplace` and a product page signed in,
 *     and the same two as a guest, who is sent on to /login (LCP and CLS of that
 *     landing). Beside each cold figure, the warm one: the same page right after
 *     a visit that filled the HTTP cache. Prints score, LCP, TBT, CLS and the
 *     bytes transferred per run and per page, the median of PERF_RUNS runs.
 *     Every cold run is checked against what a fresh profile transfers for the
 *     page's scripts; one that transferred less is marked NOT A FIRST VISIT and
 *     a run of record is refused.
 *  3. With PERF_LOW_END=1 (on for a run of record): the same pages cold again, at
 *     the CPU slowdown that simulates a low-end phone (index 1,000) on this machine.
 *  4. The search keystroke-to-results figure (scripts/measure-search.mjs) and
 *     the landing page's JavaScript before React has taken it over (hydration)
 *     (scripts/bundle-report.mjs) against the same product.
 *
 * Usage: npm run perf
 * Env: PERF_URL (a running shell), PERF_RUNS (1; 5 for a run of record, its minimum), PERF_PORT_BASE (3500),
 *      PERF_PAGES (comma-separated subset: landing,login,marketplace,product,guest-marketplace,guest-product),
 *      PERF_REPORT_DIR (keep every Lighthouse report there, as JSON),
 *      PERF_CPU_SLOWDOWN (Lighthouse's simulated CPU slowdown, 4: raise it to simulate a slower phone),
 *      PERF_LOW_END (1: add the low-end table), PERF_COLD (same-tab: the old, refused way of taking cold runs),
 *      PERF_RECORD (a file: write the tables there as a run of record; refused when a cold run was not a first
 *      visit, with fewer than 5 runs, or when the benchmark index, divided by PERF_CPU_SLOWDOWN / 4, is above
 *      2,000, unless PERF_ALLOW_FAST=1).
 * The figures move with the machine (Lighthouse simulates a phone from what
 * this CPU did), so the table says what the load average was and Lighthouse's
 * own CPU benchmark (`benchmarkIndex`: higher is faster; docs/performance.md
 * says what machines of this kind have read): compare runs whose
 * index is close.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { findChromium } from './lib/chromium.mjs';
import { firstVisitCheck, freshBrowser, freshProfileScripts, takeSession, writeSession } from './lib/first-visit.mjs';
import { ROOT } from './lib/product.mjs';
import { signIn, startProduct } from './lib/run-product.mjs';

/** A run of record is the median of at least five runs. */
const RECORD_MIN_RUNS = 5;
const RUNS = Math.max(1, Number(process.env.PERF_RUNS || (process.env.PERF_RECORD ? RECORD_MIN_RUNS : 1)));
const log = (line = '') => process.stdout.write(`${line}\n`);
/** The targets (docs/performance.md; printed beside the figures, never asserted): score, and CLS at most 0.02. */
const TARGET_SCORE = { landing: 95, login: 90, marketplace: 90, product: 90 };
const TARGET_CLS = 0.02;
const TARGET_LCP_MS = 2500;
const TARGET_TBT_MS = 200;
/** The low-end phone: the index simulated, and the score every page should reach there. */
const LOW_END = process.env.PERF_LOW_END === '1' || (Boolean(process.env.PERF_RECORD) && process.env.PERF_LOW_END !== '0');
const LOW_END_INDEX = 1000;
const LOW_END_SCORE = 75;
/** Lighthouse's mobile CPU slowdown is 4; a higher one simulates a slower phone on a fast machine. */
const CPU_SLOWDOWN = Number(process.env.PERF_CPU_SLOWDOWN || 4);
/** A run of record describes a slow machine: benchmark index (as simulated) at most this. */
const RECORD_MAX_INDEX = 2000;
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
async function audit(url, port, slowdown) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Storage and the HTTP cache are set up by measurePage: a cold run starts on an empty profile.
    disableStorageReset: true,
    throttling: { cpuSlowdownMultiplier: slowdown },
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
    /** Every request of the run (url, resourceType, transferSize): the first-visit check reads them. */
    requests: lhr.audits['network-requests']?.details?.items ?? [],
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

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Lighthouse on `url` in the browser `browser` listens for; one failed run (a busy machine can time it out) is retried once. */
const auditOnce = (url, browser, slowdown) =>
  audit(url, browser.port, slowdown).catch((error) => {
    log(`  run of ${url} failed (${error instanceof Error ? error.message : String(error)}); once more`);
    return audit(url, browser.port, slowdown);
  });

/**
 * The runs of one page. Cold: a new browser process on an empty profile per run, a blank page,
 * the storage written from a page Playwright serves itself (lib/first-visit.mjs), then Lighthouse.
 * Warm: the same, with one visit to the page first (the HTTP cache filled). PERF_COLD=same-tab
 * measures cold runs as runs of record did before 2026-12-02 (one browser, the shell loaded on a
 * warm-up page, the cache emptied): kept to show that the first-visit check refuses them.
 */
async function measurePage({ shellUrl, target, cache, slowdown, reference, state, shared }) {
  const url = `${shellUrl}${target.path}`;
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const browser = shared ?? (await freshBrowser(state.executablePath));
    try {
      await writeSession(browser.context, shellUrl, target.signedIn ? state.session : null);
      if (shared) {
        // The old way: the shell's scripts loaded in this tab, which stays on the warm-up page (its
        // renderer and that renderer's memory cache kept), then only the HTTP cache emptied.
        await browser.context.pages()[0].goto(`${shellUrl}/404-warm-up`, { waitUntil: 'load' });
      }
      if (cache === 'warm') {
        const page = browser.context.pages()[0];
        // Not 'networkidle': a signed-in page keeps its event stream open.
        await page.goto(url, { waitUntil: 'load' });
        await page.waitForTimeout(3000);
        await page.goto('about:blank');
      } else {
        const cdp = await browser.context.newCDPSession(browser.context.pages()[0]);
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      }
      const run = await auditOnce(url, browser, slowdown);
      if (cache === 'cold') run.check = firstVisitCheck(reference, run.requests);
      if (target.signedIn) state.session = (await takeSession(browser.context, shellUrl)) ?? state.session;
      runs.push(run);
    } finally {
      if (!shared) await browser.close();
    }
  }
  const pick = (key) => median(runs.map((r) => r[key]));
  const summary = { score: pick('score'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), bytes: pick('bytes'), runs };
  const kib = (bytes) => `${Math.round(bytes / 1024)}`;
  log(
    `  ${cache} ${target.id}: scores ${runs.map((r) => r.score).join(', ')}; KiB transferred ${runs.map((r) => kib(r.bytes)).join(', ')}` +
      (cache === 'cold'
        ? ` (scripts ${runs.map((r) => kib(r.check.scriptBytes)).join(', ')}; a fresh profile's ${kib(sumValues(reference))})`
        : '') +
      `; ${load()}`,
  );
  for (const [n, run] of runs.entries()) {
    if (run.check?.short) {
      log(
        `  NOT A FIRST VISIT: cold run ${n + 1} of ${target.id} fetched ${kib(run.check.got)} of the fresh profile's ${kib(run.check.expected)} KiB of scripts; ` +
          `from a cache or not at all: ${run.check.missing.map((u) => new URL(u).pathname).join(', ')}`,
      );
    }
  }
  return summary;
}

const sumValues = (map) => [...map.values()].reduce((n, v) => n + v, 0);

const asWho = ({ id, signedIn }) => (signedIn ? 'signed in' : id.startsWith('guest-') ? 'guest, sent to /login' : 'guest');
const pageName = (target) => (target.path.startsWith('/product/') ? '/product/{slug}' : target.path);

function benchmarkLine(rows, slowdown) {
  const benchmark = median(rows.flatMap((r) => [...(r.cold?.runs ?? []), ...(r.warm?.runs ?? [])].map((run) => run.benchmarkIndex)));
  // What Lighthouse simulates: a phone `slowdown` times slower than this machine, i.e. 4x slower than one of this index.
  const simulated = (benchmark * 4) / slowdown;
  return {
    benchmark,
    simulated,
    line: `CPU benchmark index ${Math.round(benchmark)}, CPU slowdown ${slowdown} (as simulated: index ${Math.round(simulated)}); ${new Date().toISOString()}:`,
  };
}

async function lighthouseTable(shellUrl) {
  const config = await (await fetch(`${shellUrl}/runtime-config.json`)).json();
  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium found (install Debian's chromium or set CHROMIUM_PATH).");
  const state = {
    executablePath,
    session: await signIn(config.apiBaseUrl, `buyer@${config.university.emailDomain}`, process.env.PERF_PASSWORD || 'campus123'),
  };
  const products = await (await fetch(`${config.apiBaseUrl}/api/v1/products/all?limit=1`)).json();
  const slug = products.data[0]?.slug;
  if (!slug) throw new Error('The demo data has no product to measure');

  const product = `/product/${slug}`;
  const pages = [
    { id: 'landing', path: '/', signedIn: false },
    { id: 'login', path: '/login', signedIn: false },
    { id: 'marketplace', path: '/marketplace', signedIn: true },
    { id: 'product', path: product, signedIn: true },
    // A signed-out student opening a link: the app sends them on to /login.
    { id: 'guest-marketplace', path: '/marketplace', signedIn: false },
    { id: 'guest-product', path: product, signedIn: false },
  ];
  const wanted = process.env.PERF_PAGES?.split(',').map((p) => p.trim());
  const selected = wanted ? pages.filter((p) => wanted.includes(p.id)) : pages;
  const sameTab = process.env.PERF_COLD === 'same-tab';
  const shared = sameTab ? await freshBrowser(executablePath) : null;
  if (sameTab) log('PERF_COLD=same-tab: cold runs after a warm-up page in one browser (the measurement before 2026-12-02).');

  const rows = [];
  try {
    // The servers' own start-up (the page server's first render of a screen, its first search) is not
    // what a student meets on a running site: every page is asked for once, outside the browser, first.
    for (const target of selected) await (await fetch(`${shellUrl}${target.path}`)).text();
    for (const target of selected) {
      // What a fresh profile transfers: the yardstick every cold run is checked against.
      const fresh = await freshProfileScripts(executablePath, `${shellUrl}${target.path}`, target.signedIn ? state.session : null);
      if (target.signedIn) state.session = fresh.session;
      const row = { ...target, page: pageName(target), reference: fresh.scripts };
      for (const cache of ['cold', 'warm']) {
        row[cache] = await measurePage({ shellUrl, target, cache, slowdown: CPU_SLOWDOWN, reference: fresh.scripts, state, shared });
      }
      rows.push(row);
    }
    // A low-end phone: the slowdown that simulates index LOW_END_INDEX on this machine, cold runs only.
    const lowEnd = LOW_END ? benchmarkLine(rows, CPU_SLOWDOWN) : null;
    const lowEndSlowdown = lowEnd ? Math.round(((lowEnd.benchmark * 4) / LOW_END_INDEX) * 10) / 10 : 0;
    if (lowEnd) {
      log(
        `Low-end phone: CPU slowdown ${lowEndSlowdown} (index ${Math.round(lowEnd.benchmark)} simulated as ${LOW_END_INDEX}), cold runs:`,
      );
      for (const row of rows) {
        row.low = await measurePage({
          shellUrl,
          target: row,
          cache: 'cold',
          slowdown: lowEndSlowdown,
          reference: row.reference,
          state,
          shared,
        });
      }
    }
    report(rows, lowEndSlowdown);
  } finally {
    await shared?.close();
  }
}

function report(rows, lowEndSlowdown) {
  const main = benchmarkLine(rows, CPU_SLOWDOWN);
  const kib = (bytes) => `${Math.round(bytes / 1024)} KiB`;
  const lines = [
    `Lighthouse, mobile profile, first visit (cold: a new browser process, an empty profile, a blank page first) and warm (after a visit), median of ${RUNS} run${RUNS > 1 ? 's' : ''}; ${load()};`,
    main.line,
    '',
    "| page | as | score (cold / warm) | LCP | TBT | CLS | KiB transferred (cold: all / scripts; a fresh profile's scripts) | target |",
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const { id, cold, warm } = row;
    const landsOnLogin = id.startsWith('guest-');
    const met =
      (landsOnLogin || cold.score >= TARGET_SCORE[id]) &&
      cold.lcp <= TARGET_LCP_MS &&
      cold.cls <= TARGET_CLS &&
      (landsOnLogin || cold.tbt <= TARGET_TBT_MS);
    const target = `${landsOnLogin ? '' : `score ≥ ${TARGET_SCORE[id]}, TBT ≤ ${TARGET_TBT_MS} ms, `}LCP ≤ 2.5 s, CLS ≤ 0.02: ${met ? 'met' : 'not met'}`;
    const scripts = median(cold.runs.map((r) => r.check.scriptBytes));
    lines.push(
      `| \`${row.page}\` | ${asWho(row)} | ${cold.score} / ${warm.score} | ${seconds(cold.lcp)} / ${seconds(warm.lcp)} | ${Math.round(cold.tbt).toLocaleString('en')} / ${Math.round(warm.tbt).toLocaleString('en')} ms | ${cold.cls.toFixed(3)} / ${warm.cls.toFixed(3)} | ${kib(cold.bytes)} / ${kib(scripts)}; ${kib(sumValues(row.reference))} | ${target} |`,
    );
  }
  if (lowEndSlowdown) {
    const low = benchmarkLine(
      rows.map((r) => ({ cold: r.low })),
      lowEndSlowdown,
    );
    lines.push('', `Low-end phone (cold runs only), median of ${RUNS}: ${low.line}`, '');
    lines.push('| page | as | score | LCP | TBT | CLS | KiB transferred (all / scripts) | target |', '|---|---|---|---|---|---|---|---|');
    for (const row of rows) {
      const { low: cold } = row;
      const met = cold.score >= LOW_END_SCORE;
      lines.push(
        `| \`${row.page}\` | ${asWho(row)} | ${cold.score} | ${seconds(cold.lcp)} | ${Math.round(cold.tbt).toLocaleString('en')} ms | ${cold.cls.toFixed(3)} | ${kib(cold.bytes)} / ${kib(median(cold.runs.map((r) => r.check.scriptBytes)))} | score ≥ ${LOW_END_SCORE}: ${met ? 'met' : 'not met'} |`,
      );
    }
  }
  log('');
  lines.forEach((line) => log(line));
  log('');
  const notFirstVisits = rows.flatMap((r) => [...r.cold.runs, ...(r.low?.runs ?? [])]).filter((run) => run.check.short).length;
  if (notFirstVisits > 0) {
    log(
      `${notFirstVisits} cold run${notFirstVisits > 1 ? 's' : ''} transferred fewer script bytes than a fresh profile: not first visits (the lines marked NOT A FIRST VISIT above).`,
    );
  }
  if (!process.env.PERF_RECORD) return;
  const refuse = (why) => {
    log(`Not recorded: ${why}`);
    process.exitCode = 2;
  };
  if (notFirstVisits > 0) return refuse('a run of record is made of first visits, and some cold runs took scripts from a cache.');
  if (RUNS < RECORD_MIN_RUNS) return refuse(`a run of record is the median of at least ${RECORD_MIN_RUNS} runs (PERF_RUNS=${RUNS}).`);
  if (main.simulated > RECORD_MAX_INDEX && process.env.PERF_ALLOW_FAST !== '1') {
    return refuse(
      `a run of record describes a slow machine (index at most ${RECORD_MAX_INDEX.toLocaleString('en')}), and this one simulates ${Math.round(main.simulated)}. ` +
        `Run when the machine is busier, raise PERF_CPU_SLOWDOWN to ${Math.ceil((main.benchmark * 4) / RECORD_MAX_INDEX)}, or set PERF_ALLOW_FAST=1.`,
    );
  }
  writeFileSync(process.env.PERF_RECORD, `${lines.join('\n')}\n`);
  log(`Recorded in ${process.env.PERF_RECORD}.`);
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
