#!/usr/bin/env node
/**
 * Where a first visit's main thread goes, task by task: loads a page in a new Chromium process on
 * an empty profile (scripts/lib/first-visit.mjs), the demo buyer signed in unless TRACE_GUEST=1,
 * the CPU slowed as Lighthouse's mobile run slows it (TRACE_CPU_SLOWDOWN, 4), records a Chromium
 * trace until the first results (or TRACE_UNTIL, a selector) plus 2 s, and prints every main-thread
 * task over 50 ms with what took its time (scripts evaluated and compiled, functions, style,
 * layout, parsing, garbage collection), then the blocking time those tasks add up to (each task's
 * time beyond 50 ms, from the first contentful paint on: how Lighthouse counts TBT).
 * A tool to choose a cut and show its effect, not a test: nothing is asserted.
 *
 * Usage: node scripts/trace-startup.mjs [path]   (default /marketplace; TRACE_RUNS=3; builds what is stale;
 *        TRACE_PORT_BASE=3600; TRACE_OUT=<dir> keeps each trace's JSON for chrome://tracing or DevTools;
 *        TRACE_PROFILE=1 samples the JavaScript too and prints where the blocking tasks' time went)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildStaleApps } from './lib/product.mjs';
import { findChromium } from './lib/chromium.mjs';
import { freshBrowser, takeSession, writeSession } from './lib/first-visit.mjs';
import { signIn, startProduct } from './lib/run-product.mjs';

const PAGE = process.argv[2] || '/marketplace';
const RUNS = Number(process.env.TRACE_RUNS || 3);
const SLOWDOWN = Number(process.env.TRACE_CPU_SLOWDOWN || 4);
const UNTIL =
  process.env.TRACE_UNTIL ||
  (PAGE.startsWith('/marketplace')
    ? '[data-testid="search-results"][data-state="success"] [data-testid="product-card"]'
    : 'html[data-app-mounted="true"]');
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  // Sampling costs time on the measured thread itself: its figures are for attribution, not for comparing.
  ...(process.env.TRACE_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
];
const TOP = Number(process.env.TRACE_TOP || 25);

/** Records a trace of `run` on the page's target, returning its events. */
async function traced(cdp, run) {
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  await run();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** The renderer main thread: the thread named CrRendererMain in the process that ran the page's scripts. */
function mainThread(events) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = null;
  let bestCount = -1;
  for (const m of mains) {
    const count = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'EvaluateScript').length;
    if (count > bestCount) [best, bestCount] = [m, count];
  }
  return best;
}

const shortUrl = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60) : '');

/** What one piece of a task was, in a word and a script. */
function describe(e) {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
      return `evaluate ${shortUrl(d.url)}`;
    case 'v8.compile':
    case 'v8.compileModule':
      return `compile ${shortUrl(d.url ?? e.args?.fileName)}`;
    case 'FunctionCall':
      return `call ${d.functionName || '(anonymous)'} ${shortUrl(d.url)}:${d.lineNumber ?? ''}`;
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'RunMicrotasks':
    case 'v8.runMicrotasks':
      return 'microtasks';
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
      return 'paint';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER_SCAVENGE':
      return 'GC';
    case 'EventDispatch':
      return `event ${d.type ?? ''}`;
    default:
      return null;
  }
}

/**
 * The CPU profile's samples on the main thread that fall in the blocking tasks, by the function
 * running (its script and position) and by the script: which code a cut has to remove.
 */
function blockingSamples(events, main, inBlockingTask) {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  if (!profile) return { byFunction: new Map(), byScript: new Map() };
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid && e.id === profile.id);
  const nodes = new Map();
  let time = profile.args.data.startTime;
  const byFunction = new Map();
  const byScript = new Map();
  for (const chunk of chunks) {
    const data = chunk.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i += 1) {
      const delta = deltas[i] ?? 0;
      time += delta;
      if (!inBlockingTask(time)) continue;
      const frame = nodes.get(samples[i])?.callFrame;
      if (!frame) continue;
      const script = shortUrl(frame.url) || `(${frame.functionName || 'native'})`;
      const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta / 1000);
      byScript.set(script, (byScript.get(script) ?? 0) + delta / 1000);
    }
  }
  return { byFunction, byScript };
}

function analyse(events) {
  const main = mainThread(events);
  if (!main) throw new Error('No renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? tasks[0]?.ts ?? 0;
  const long = [];
  let blocking = 0;
  let total = 0;
  for (const task of tasks) {
    total += task.dur;
    if (task.dur < 50_000) continue;
    const end = task.ts + task.dur;
    // The task's direct pieces: the outermost described events inside it.
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end && describe(e));
    const outer = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur));
    const pieces = outer
      .map((e) => ({ what: describe(e), ms: e.dur / 1000 }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 4);
    const afterFcp = !fcp || task.ts + task.dur > fcp.ts;
    if (afterFcp) blocking += Math.max(0, (Math.min(task.dur, end - (fcp?.ts ?? 0)) - 50_000) / 1000);
    long.push({ at: (task.ts - start) / 1000, ms: task.dur / 1000, afterFcp, pieces });
  }
  const blockingTasks = tasks.filter((t) => t.dur >= 50_000 && (!fcp || t.ts + t.dur > fcp.ts));
  const inBlockingTask = (ts) => blockingTasks.some((t) => ts >= t.ts && ts <= t.ts + t.dur);
  return {
    long,
    blocking,
    total: total / 1000,
    fcp: fcp ? (fcp.ts - start) / 1000 : null,
    ...blockingSamples(events, main, inBlockingTask),
  };
}

const executablePath = findChromium();
await buildStaleApps();
const product = await startProduct({ base: Number(process.env.TRACE_PORT_BASE || 3600), env: { LOG_LEVEL: 'error' } });
try {
  const config = await (await fetch(`${product.shellUrl}/runtime-config.json`)).json();
  let session = process.env.TRACE_GUEST ? null : await signIn(config.apiBaseUrl, `buyer@${config.university.emailDomain}`, 'campus123');
  const url = `${product.shellUrl}${PAGE}`;
  const sums = [];
  const byFunction = new Map();
  const byScript = new Map();
  const add = (into, from) => from.forEach((ms, key) => into.set(key, (into.get(key) ?? 0) + ms));
  for (let run = 1; run <= RUNS; run += 1) {
    const browser = await freshBrowser(executablePath);
    try {
      await writeSession(browser.context, product.shellUrl, session);
      const page = browser.context.pages()[0];
      await page.setViewportSize({ width: 390, height: 844 });
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
      const events = await traced(cdp, async () => {
        await page.goto(url, { waitUntil: 'domcontentloaded' });
        await page.waitForSelector(UNTIL, { timeout: 60_000 });
        await page.waitForTimeout(2000);
      });
      if (process.env.TRACE_OUT) {
        mkdirSync(process.env.TRACE_OUT, { recursive: true });
        writeFileSync(path.join(process.env.TRACE_OUT, `trace-${run}.json`), JSON.stringify({ traceEvents: events }));
      }
      const { long, blocking, total, fcp, ...samples } = analyse(events);
      add(byFunction, samples.byFunction);
      add(byScript, samples.byScript);
      sums.push(blocking);
      console.log(
        `\n${PAGE} run ${run}: CPU ×${SLOWDOWN}, FCP ${fcp?.toFixed(0)} ms, all tasks ${total.toFixed(0)} ms, blocking after FCP ${blocking.toFixed(0)} ms`,
      );
      for (const t of long)
        console.log(
          `  ${t.at.toFixed(0).padStart(6)} ms  ${t.ms.toFixed(0).padStart(5)} ms${t.afterFcp ? ' ' : '*'}  ${t.pieces.map((p) => `${p.what} ${p.ms.toFixed(0)}`).join(' | ')}`,
        );
      if (session) session = (await takeSession(browser.context, product.shellUrl)) ?? session;
    } finally {
      await browser.close();
    }
  }
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([key, ms]) => `  ${(ms / RUNS).toFixed(0).padStart(6)} ms  ${key}`)
      .join('\n');
  if (process.env.TRACE_PROFILE) console.log(`\nCPU samples inside the blocking tasks, per run, by script:\n${top(byScript)}`);
  if (process.env.TRACE_PROFILE) console.log(`\nby function (self time):\n${top(byFunction)}`);
  sums.sort((a, b) => a - b);
  console.log(`\nblocking after FCP, median of ${RUNS}: ${sums[Math.floor((RUNS - 1) / 2)].toFixed(0)} ms (* = before FCP, not counted)`);
} finally {
  await product.stop();
}
