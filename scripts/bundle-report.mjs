#!/usr/bin/env node
/**
 * Bundle report: how much JavaScript the landing page needs before React has
 * rendered it (hydrated the prerendered HTML: the page is interactive), gzip-compressed, and a failure when that passes the budget
 * (250 KB gzip). Builds what is stale, serves the production builds
 * on free ports, loads / in headless Chromium and watches every script.
 *
 * Usage: node scripts/bundle-report.mjs   (BUNDLE_BUDGET_KB to change the budget)
 *   BUNDLE_PAGES=/,/login,/marketplace   more pages (the budget holds for each); on a page a remote
 *                                        renders, the scripts until the network is idle include its screen's
 *   BUNDLE_SKIP_BUILD=1                  measure the builds as they are (say, before and after a change)
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startStaticServer } from '@campus/page-server';
import { APPS, ROOT, buildStaleApps, freePort } from './lib/product.mjs';
import { chromiumArgs, findChromium } from './lib/chromium.mjs';

const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB || 250);
const PAGES = (process.env.BUNDLE_PAGES || '/')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const KB = 1000;

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

async function main() {
  const executablePath = findChromium();
  if (!executablePath) {
    process.stderr.write(
      "bundle-report: no Chromium found. Install Debian's `chromium` (apt-get install chromium) or set CHROMIUM_PATH.\n",
    );
    process.exit(1);
  }
  if (process.env.BUNDLE_SKIP_BUILD !== '1') await buildStaleApps();

  // Serve all six builds, so the report sees exactly what a visitor's browser would request.
  const { env, servers } = await serveBuilds();
  const shellUrl = `http://127.0.0.1:${env.SHELL_PORT}/`;

  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    for (const pagePath of PAGES) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      /** @type {{ url: string, raw: number, gzip: number, beforeRender: boolean }[]} */
      const scripts = [];
      let rendered = false;
      const pending = [];
      page.on('response', (response) => {
        const request = response.request();
        if (request.resourceType() !== 'script') return;
        const beforeRender = !rendered;
        pending.push(
          response.body().then(
            (body) => {
              scripts.push({
                url: new URL(response.url()).pathname,
                raw: body.length,
                gzip: gzipSync(body, { level: 9 }).length,
                beforeRender,
              });
            },
            () => undefined,
          ),
        );
      });

      await page.goto(new URL(pagePath, shellUrl).href, { waitUntil: 'domcontentloaded' });
      // The landing page's HTML is drawn before any script (prerendered): what counts is the
      // JavaScript until React has taken the page over (hydrated; the shell marks <html>).
      await page.waitForFunction(() => document.documentElement.dataset.appMounted === 'true', undefined, { timeout: 30_000 });
      rendered = true;
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);

      const before = scripts.filter((s) => s.beforeRender);
      const after = scripts.filter((s) => !s.beforeRender);
      const sum = (list, key) => list.reduce((n, s) => n + s[key], 0);

      const lines = [];
      lines.push(`Page ${pagePath}: JavaScript requested before React rendered it (hydration)`);
      lines.push(`${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)}  file`);
      for (const s of [...before].sort((a, b) => b.gzip - a.gzip)) lines.push(`${kb(s.raw)} ${kb(s.gzip)}  ${s.url}`);
      lines.push(`${kb(sum(before, 'raw'))} ${kb(sum(before, 'gzip'))}  total (${before.length} files), budget ${BUDGET_KB} KB gzip`);
      if (after.length > 0) {
        lines.push(`After that, until the network was idle: ${after.length} more files, ${kb(sum(after, 'gzip')).trim()} KB gzip`);
        for (const s of after) lines.push(`${kb(s.raw)} ${kb(s.gzip)}  ${s.url}`);
      }
      process.stdout.write(`${lines.join('\n')}\n`);

      const total = sum(before, 'gzip') / KB;
      // The budget is the landing page's; other pages are reported to compare builds.
      if (total > BUDGET_KB && pagePath === '/') {
        process.stderr.write(`\nbundle-report: FAIL: ${total.toFixed(1)} KB gzip before hydration is above the ${BUDGET_KB} KB budget.\n`);
        process.exitCode = 1;
      } else {
        process.stdout.write(
          pagePath === '/'
            ? `bundle-report: OK: ${total.toFixed(1)} KB gzip, within the ${BUDGET_KB} KB budget.\n`
            : `bundle-report: ${pagePath}: ${total.toFixed(1)} KB gzip.\n`,
        );
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await Promise.all(
      servers.map(
        (s) =>
          new Promise((r) => {
            s.closeAllConnections();
            s.close(r);
          }),
      ),
    );
  }
}

main().catch((error) => {
  process.stderr.write(`bundle-report: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
