#!/usr/bin/env node
/**
 * Bundle report: how much JavaScript a page needs before it is useful, gzip-compressed, and
 * a failure when that passes the page's budget (scripts/lib/bundle-budgets.mjs):
 * - `/` until React has rendered it (hydrated the prerendered HTML: the page is interactive),
 *   250 KB gzip; served by the production builds on free ports;
 * - `/marketplace` until its first results show, for the demo buyer signed in (a cold cache),
 *   250 KB gzip; against the whole product (scripts/start.mjs: the API with its demo data and
 *   built-in search) on ports from BUNDLE_PORT_BASE (3400: the shell, the remotes the next six,
 *   the API base+1000).
 * Builds what is stale, loads each page in headless Chromium and watches every script.
 *
 * Usage: node scripts/bundle-report.mjs   (BUNDLE_BUDGET_KB, BUNDLE_MARKETPLACE_BUDGET_KB, BUNDLE_MARKETPLACE_IDLE_BUDGET_KB
 *                                         to change the budgets; the last is /marketplace until the network is idle)
 *   BUNDLE_PAGES=/,/login,/marketplace   the pages (default `/,/marketplace`); a page other than /marketplace is
 *                                        measured until hydration, the scripts until the network is idle listed apart
 *   BUNDLE_SKIP_BUILD=1                  measure the builds as they are (say, before and after a change)
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startStaticServer } from '@campus/page-server';
import { APPS, ROOT, buildStaleApps, freePort } from './lib/product.mjs';
import { chromiumArgs, findChromium } from './lib/chromium.mjs';
import { KB, budgetVerdict, pageBudgets, startupWorkBudgets, untilIdleBudgets, workUnits, workVerdict } from './lib/bundle-budgets.mjs';
import { signIn, startProduct } from './lib/run-product.mjs';

const BUDGETS = pageBudgets();
const IDLE_BUDGETS = untilIdleBudgets();
const WORK_BUDGETS = startupWorkBudgets();
/**
 * The machine's speed, on the measured tab's main thread: Lighthouse's benchmark index
 * (lighthouse/core/lib/page-functions.js, `computeBenchmarkIndex`: a string-building loop and an
 * array-copying loop, per second, divided by 10, averaged), but each loop run a fixed number of
 * times and timed on the thread's CPU clock (`Performance.enable` with `threadTicks`), like the
 * start-up work itself. Wall time is not used for either: on these 2-core machines another process
 * (the servers, a build) stretches both by different amounts.
 */
const LOOPS = 400;
const GC_LOOP = `(() => { let n = 0; for (let i = 0; i < ${LOOPS}; i++) { let s = ''; for (let j = 0; j < 10000; j++) s += 'a'; n += s.length; } return n; })()`;
const COPY_LOOP = `(() => { const a = [], b = []; for (let i = 0; i < 100000; i++) a[i] = b[i] = i; for (let k = 0; k < ${LOOPS}; k++) { const src = k % 2 ? a : b, dst = k % 2 ? b : a; for (let j = 0; j < src.length; j++) dst[j] = src[j]; } return a.length; })()`;

async function threadMs(cdp, run) {
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  const before = await taskSeconds();
  await run();
  return ((await taskSeconds()) - before) * 1000;
}

/** The benchmark index on the thread's CPU clock: the median of three rounds. */
async function cpuBenchmarkIndex(page, cdp) {
  const rounds = [];
  for (let i = 0; i < 3; i += 1) {
    const gc = await threadMs(cdp, () => page.evaluate(GC_LOOP));
    const copy = await threadMs(cdp, () => page.evaluate(COPY_LOOP));
    rounds.push((LOOPS / 10 / (gc / 1000) + LOOPS / 10 / (copy / 1000)) / 2);
  }
  return rounds.sort((a, b) => a - b)[1];
}

/** /marketplace is loaded this many times (a fresh context each) and its start-up work is the median. */
const WORK_RUNS = Math.max(1, Number(process.env.BUNDLE_WORK_RUNS || 5));
const PAGES = (process.env.BUNDLE_PAGES || '/,/marketplace')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
/** The page measured until its first results, signed in, against the running product. */
const RESULTS_PAGE = '/marketplace';
const FIRST_RESULT = '[data-testid="search-results"][data-state="success"] [data-testid="product-card"]';
/** React has taken a prerendered page over (the shell marks <html> once it has rendered). */
const HYDRATED = 'html[data-app-mounted="true"]';

/**
 * The six static servers on free ports. Every server must know every port (the runtime
 * config names them), so ports are picked first; another process can take one between
 * the pick and the listen (seen in CI beside a test run), so that is retried with new ports.
 */
async function serveBuilds(attempts = 5) {
  for (let attempt = 1; ; attempt += 1) {
    const env = { ...process.env, PUBLIC_HOST: '127.0.0.1' };
    for (const app of APPS) env[app.portEnv] = String(await freePort());
    const servers = [];
    try {
      for (const app of APPS) {
        servers.push(
          await startStaticServer({ dir: path.join(ROOT, app.dir, 'dist'), port: Number(env[app.portEnv]), host: '127.0.0.1', env }),
        );
      }
      return { env, servers };
    } catch (error) {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      if (error?.code !== 'EADDRINUSE' || attempt >= attempts) throw error;
    }
  }
}

const kb = (bytes) => (bytes / KB).toFixed(1).padStart(7);

/** BUNDLE_PROFILE=1: a CPU profile until the moment, its JavaScript self time summed per script file. */
const PROFILE = process.env.BUNDLE_PROFILE === '1';

/** ms of self time per script (host:port/path) in a CDP CPU profile. */
function selfTimeByFile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  profile.samples.forEach((id, i) => {
    const url = byId.get(id)?.callFrame.url;
    if (!url) return;
    const { host, pathname } = new URL(url, 'http://x');
    const key = `${host}${pathname}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/**
 * Loads `url` in a fresh context (an empty HTTP cache) and sorts every script it requests into
 * before and after the moment `readySelector` first matches. The moment is taken in the page
 * (a mutation observer, performance.now()) and each script's request start from the page's own
 * resource timing: Playwright's waitForSelector polls, and on a busy machine it answered 400 ms
 * after the results showed, which counted scripts asked for after them as before.
 * `session`: in local storage before any script runs, as the app's sign-in leaves it (token,
 * renewal token, user: the session store then asks for no profile).
 */
async function measurePage(browser, url, readySelector, session) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ selector, stored }) => {
      if (stored) {
        localStorage.setItem('token', stored.token);
        localStorage.setItem('refreshToken', stored.refreshToken);
        localStorage.setItem('user', JSON.stringify(stored.user));
      }
      performance.setResourceTimingBufferSize(2000);
      const check = () => {
        if (window.__bundleReportReadyAt === undefined && document.querySelector(selector)) {
          window.__bundleReportReadyAt = performance.now();
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    },
    { selector: readySelector, stored: session ?? null },
  );
  const page = await context.newPage();
  // The main thread's work until the moment (Chromium's own counters, this machine's CPU, unthrottled).
  const cdp = await context.newCDPSession(page);
  // Durations on the main thread's CPU clock, not the wall's: what the page's own work cost, however busy the machine.
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  /** @type {{ href: string, url: string, raw: number, gzip: number }[]} */
  const scripts = [];
  let work = { task: 0, script: 0, layout: 0, style: 0 };
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => {
          // host:port/path: the port says which app served it (the shell's, a remote's).
          const { host, pathname } = new URL(response.url());
          scripts.push({ href: response.url(), url: `${host}${pathname}`, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
        },
        () => undefined,
      ),
    );
  });
  let readyAt;
  /** @type {Map<string, number>} script URL -> when the page first asked for it (ms since navigation) */
  let requestedAt;
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => window.__bundleReportReadyAt !== undefined, undefined, { timeout: 60_000 });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name) => Math.round((metrics.find((m) => m.name === name)?.value ?? 0) * 1000);
    work = {
      task: metric('TaskDuration'),
      script: metric('ScriptDuration'),
      layout: metric('LayoutDuration'),
      style: metric('RecalcStyleDuration'),
    };
    if (PROFILE) work.byFile = selfTimeByFile((await cdp.send('Profiler.stop')).profile);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    // The machine's speed in the same tab (the same renderer: a benchmark before the navigation may run in
    // another process), now that the page is idle.
    work.benchmarkIndex = await cpuBenchmarkIndex(page, cdp);
    ({ readyAt, requestedAt } = await page
      .evaluate(() => {
        const starts = new Map();
        for (const entry of performance.getEntriesByType('resource')) {
          if (!starts.has(entry.name)) starts.set(entry.name, entry.startTime);
        }
        return { readyAt: window.__bundleReportReadyAt, requestedAt: [...starts] };
      })
      .then((r) => ({ readyAt: r.readyAt, requestedAt: new Map(r.requestedAt) })));
  } finally {
    await context.close();
  }
  // A script without a timing entry (none seen so far) counts as before: the report never flatters.
  const isBefore = (s) => (requestedAt.get(s.href) ?? 0) <= readyAt;
  return { before: scripts.filter(isBefore), after: scripts.filter((s) => !isBefore(s)), work };
}

/** Prints one page's scripts and its verdict; true when it is over its budget. */
function report(pagePath, until, { before, after, work }) {
  const sum = (list, key) => list.reduce((n, s) => n + s[key], 0);
  const budget = BUDGETS[pagePath];
  const lines = [];
  lines.push(`Page ${pagePath}: JavaScript requested before ${until}`);
  lines.push(`${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)}  file`);
  for (const s of [...before].sort((a, b) => b.gzip - a.gzip)) lines.push(`${kb(s.raw)} ${kb(s.gzip)}  ${s.url}`);
  lines.push(
    `${kb(sum(before, 'raw'))} ${kb(sum(before, 'gzip'))}  total (${before.length} files)${budget ? `, budget ${budget.kb} KB gzip` : ''}`,
  );
  lines.push(
    `Main thread until then: ${work.task} ms of tasks (${work.script} ms script, ${work.style} ms style, ${work.layout} ms layout), the main thread's CPU time, unthrottled, ` +
      `at benchmark index ${Math.round(work.benchmarkIndex)}: ${workUnits(work.task, work.benchmarkIndex).toLocaleString('en')} ms at index 1,000`,
  );
  for (const [file, ms] of work.byFile?.slice(0, 12) ?? []) lines.push(`${ms.toFixed(0).padStart(7)} ms JavaScript self time  ${file}`);
  if (after.length > 0) {
    lines.push(`After that, until the network was idle: ${after.length} more files, ${kb(sum(after, 'gzip')).trim()} KB gzip`);
    for (const s of after) lines.push(`${kb(s.raw)} ${kb(s.gzip)}  ${s.url}`);
  }
  const verdicts = [budgetVerdict(pagePath, sum(before, 'gzip'), BUDGETS)];
  if (IDLE_BUDGETS[pagePath]) verdicts.push(budgetVerdict(pagePath, sum(before, 'gzip') + sum(after, 'gzip'), IDLE_BUDGETS));
  if (WORK_BUDGETS[pagePath] && work.runs) {
    lines.push(
      `Start-up work over ${work.runs.length} loads (ms at index 1,000): ${work.runs.map((r) => workUnits(r.task, r.benchmarkIndex).toLocaleString('en')).join(', ')}; the median counts`,
    );
    // The raw figures too: comparing two builds on one machine in one hour, the task time alone says more when the index wanders.
    lines.push(
      `  as measured (task ms at benchmark index): ${work.runs.map((r) => `${Math.round(r.task)} at ${Math.round(r.benchmarkIndex)}`).join(', ')}`,
    );
    verdicts.push(workVerdict(pagePath, { taskMs: work.medianRun.task, benchmarkIndex: work.medianRun.benchmarkIndex }, WORK_BUDGETS));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const verdict of verdicts) (verdict.over ? process.stderr : process.stdout).write(`${verdict.over ? '\n' : ''}${verdict.line}\n`);
  return verdicts.some((verdict) => verdict.over);
}

const closeServer = (s) =>
  new Promise((r) => {
    s.closeAllConnections();
    s.close(r);
  });

async function main() {
  const executablePath = findChromium();
  if (!executablePath) {
    process.stderr.write(
      "bundle-report: no Chromium found. Install Debian's `chromium` (apt-get install chromium) or set CHROMIUM_PATH.\n",
    );
    process.exit(1);
  }
  if (process.env.BUNDLE_SKIP_BUILD !== '1') await buildStaleApps();

  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  let over = false;
  try {
    const staticPages = PAGES.filter((p) => p !== RESULTS_PAGE);
    if (staticPages.length > 0) {
      // Serve all six builds, so the report sees exactly what a visitor's browser would request.
      const { env, servers } = await serveBuilds();
      const shellUrl = `http://127.0.0.1:${env.SHELL_PORT}/`;
      try {
        for (const pagePath of staticPages) {
          // A prerendered page's HTML is drawn before any script: what counts is the
          // JavaScript until React has taken the page over (hydrated; the shell marks <html>).
          const measured = await measurePage(browser, new URL(pagePath, shellUrl).href, HYDRATED);
          if (report(pagePath, 'React rendered it (hydration)', measured)) over = true;
        }
      } finally {
        await Promise.all(servers.map(closeServer));
      }
    }
    if (PAGES.includes(RESULTS_PAGE)) {
      const product = await startProduct({
        base: Number(process.env.BUNDLE_PORT_BASE || 3400),
        env: { LOG_LEVEL: 'error' },
        log: (line) => process.stdout.write(`${line}\n`),
      });
      try {
        const config = await (await fetch(`${product.shellUrl}/runtime-config.json`)).json();
        const session = await signIn(config.apiBaseUrl, `buyer@${config.university.emailDomain}`, 'campus123');
        const measured = await measurePage(browser, `${product.shellUrl}${RESULTS_PAGE}`, FIRST_RESULT, session);
        // The start-up work moves from load to load: more loads, the median (in the machine's own speed) counts.
        // Not the first load's: the servers' first answers (a render, a search) share these cores with the browser.
        const runs = [];
        for (let i = 0; i < WORK_RUNS; i += 1)
          runs.push((await measurePage(browser, `${product.shellUrl}${RESULTS_PAGE}`, FIRST_RESULT, session)).work);
        const byUnits = [...runs].sort((a, b) => workUnits(a.task, a.benchmarkIndex) - workUnits(b.task, b.benchmarkIndex));
        measured.work = { ...measured.work, runs, medianRun: byUnits[Math.floor((byUnits.length - 1) / 2)] };
        if (report(RESULTS_PAGE, 'its first results showed (the demo buyer signed in)', measured)) over = true;
      } finally {
        await product.stop();
      }
    }
  } finally {
    await browser.close();
  }
  if (over) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`bundle-report: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
