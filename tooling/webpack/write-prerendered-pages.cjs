#!/usr/bin/env node
/**
 * Renders the host's public pages into its page template (run by
 * prerender-plugin.cjs after every production build of the shell):
 *
 *   node write-prerendered-pages.cjs <render-page.cjs> <shell dist>
 *
 * For each page: the React markup inside #root; its title; the Chakra (emotion) styles it
 * used, moved from beside the elements into <head>, where emotion's browser
 * cache picks them up at hydration; on a path whose remote prerenders its screen
 * (REMOTE_SCREENS: once at build, or per request), the route's loading placeholder
 * marked as the slot for that screen; and, after the markup, a small script that
 * asks for the entry and every script the page needs at start
 * (preload-manifest.json) together, once the page has painted. Writes
 * dist/prerendered/<page>.html (a pattern's page, `/product/:slug`, serves every
 * path it matches), app.html (the bare page for every other path,
 * its start-up scripts preloaded from <head>) and
 * dist/prerendered/manifest.json, which page-server/ reads.
 */
const fs = require('node:fs');
const path = require('node:path');

const { elementAt, escapeHtml, headStyles, withoutStyles } = require('../html.cjs');

/** The template's site-wide title; a page that names itself (usePageTitle) gets its own. */
const TITLE = /<title>[^<]*<\/title>/;

/** The template's empty root, as html-webpack-plugin's minifier leaves it (quotes may go). */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

/**
 * A remote route's loading placeholder in `body` (RemoteScreenFallback, marked with
 * REMOTE_SCREEN.attribute) swapped for REMOTE_SCREEN.slot, where the static server puts the
 * remote's prerendered screen, or this placeholder again when the remote has none.
 */
function markRemoteScreenSlot(body, remoteScreen, screen) {
  const start = body.indexOf(`<div ${remoteScreen.attribute}="`);
  if (start < 0) return { body, slot: undefined };
  const placeholder = elementAt(body, start);
  const remote = new RegExp(`${remoteScreen.attribute}="([^"]+)"`).exec(placeholder)[1];
  if (remote !== screen.remote)
    throw new Error(`${screen.path}: the page's remote route is ${remote}'s, the contract says ${screen.remote}'s`);
  return {
    body: body.replace(placeholder, () => remoteScreen.slot),
    slot: { remote, placeholder, mode: screen.mode, access: screen.access },
  };
}

/** `/product/:slug` -> product-_slug.html */
function fileFor(pagePath) {
  return pagePath === '/' ? 'index.html' : `${pagePath.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '_')}.html`;
}

/** The scripts of these chunk groups, less those the page loads anyway (its entry). */
function startScripts(groups, preloadManifest, alreadyLoaded) {
  const files = new Set();
  for (const group of groups) {
    const scripts = preloadManifest.groups[group];
    if (!scripts) throw new Error(`preload-manifest.json has no chunk group "${group}" (is its import() named?)`);
    for (const file of scripts) if (!alreadyLoaded.has(file)) files.add(file);
  }
  return [...files];
}

/**
 * A bare page draws nothing until the app runs, so its scripts are preloaded from <head>.
 * Low priority: they download at once, beside the page, but never ahead of the page itself.
 */
function preloadLinks(files) {
  return files.map((file) => `<link rel="preload" href="/${file}" as="script" fetchpriority="low" />`).join('');
}

/** How many preloads one task asks for (startAfterFirstPaint says why a few, not all at once). */
const PRELOADS_PER_TASK = 2;

/**
 * A prerendered page is complete without JavaScript: its entry and start-up scripts are asked
 * for once the page has painted (a task queued from requestAnimationFrame runs after that frame;
 * a tab opened in the background, which paints nothing, starts at once), all within a few
 * milliseconds, so there is still no chain of requests. On a phone the page is drawn before the
 * app's scripts are downloaded and run (Lighthouse counted every script that had arrived before
 * the first paint as holding it back: the landing page's LCP was 2 s for text that came with the HTML).
 * The preloads go PRELOADS_PER_TASK to a task: each request a script starts costs the main thread
 * ~2 ms (more with DevTools attached), and thirty in one task were one long task of 70 ms, 280 ms
 * of blocking at Lighthouse's 4x slowdown. The entry is asked for after them, as before.
 * The cost: the entry is requested after the first paint rather than while <head> is parsed, so on
 * a slow network hydration starts a little later; the page is readable all the while.
 */
function startAfterFirstPaint(entries, preloads) {
  const list = (files) => JSON.stringify(files.map((file) => `/${file}`));
  return (
    `<script>(function(){var started=false,preloads=${list(preloads)},entries=${list(entries)};` +
    "function link(h){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=h;document.head.appendChild(l)}" +
    "function run(s){var e=document.createElement('script');e.src=s;e.async=false;document.head.appendChild(e)}" +
    `function go(){if(started)return;started=true;var i=0;(function batch(){for(var end=Math.min(i+${PRELOADS_PER_TASK},preloads.length);i<end;i++)link(preloads[i]);` +
    'if(i<preloads.length)setTimeout(batch,0);else entries.forEach(run)})()}' +
    // A tab hidden before its first frame (or a frame that never comes) starts at once, or when hidden later.
    "if(document.visibilityState==='hidden')go();else{requestAnimationFrame(function(){setTimeout(go,0)});" +
    "document.addEventListener('visibilitychange',function(){if(document.visibilityState==='hidden')go()})}})()</script>"
  );
}

async function main() {
  const [bundleFile, distDir] = process.argv.slice(2);
  if (!bundleFile || !distDir) throw new Error('Usage: write-prerendered-pages.cjs <render-page.cjs> <dist>');
  const {
    PRERENDERED_PAGES,
    REMOTE_PATHS,
    REMOTE_ROUTE_CHUNK_GROUPS,
    REMOTE_SCREEN,
    REMOTE_SCREENS,
    RUNTIME_PLACEHOLDERS,
    START_CHUNK_GROUPS,
    renderPage,
  } = require(path.resolve(bundleFile));
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const preloadManifest = JSON.parse(fs.readFileSync(path.join(distDir, 'preload-manifest.json'), 'utf8'));
  const entryTags = [...template.matchAll(/<script[^>]*src="?\/?([^" >]+)[^>]*><\/script>/g)];
  const entryScripts = new Set(entryTags.map((m) => m[1]));
  if (entryScripts.size === 0) throw new Error('The page template has no entry <script src>');
  const templateWithoutEntries = entryTags.reduce((html, [tag]) => html.replace(tag, ''), template);
  if (!EMPTY_ROOT.test(template)) throw new Error('The page template has no empty <div id="root"></div>');

  const outDir = path.join(distDir, 'prerendered');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const pages = {};
  const slots = {};
  for (const page of PRERENDERED_PAGES) {
    const { markup, title } = await renderPage(page.path);
    const screen = REMOTE_SCREENS.find((s) => s.path === page.path);
    const { body, slot } = screen
      ? markRemoteScreenSlot(withoutStyles(markup), REMOTE_SCREEN, screen)
      : { body: withoutStyles(markup), slot: undefined };
    if (slot) slots[page.path] = slot;
    const start = startAfterFirstPaint([...entryScripts], startScripts(page.chunkGroups, preloadManifest, entryScripts));
    const html = templateWithoutEntries
      .replace(TITLE, (tag) => (title ? `<title>${escapeHtml(title)}</title>` : tag))
      .replace('</head>', () => `${headStyles(markup)}</head>`)
      .replace(EMPTY_ROOT, () => `<div id="root">${body}</div>${start}`);
    const file = fileFor(page.path);
    fs.writeFileSync(path.join(outDir, file), html);
    pages[page.path] = file;
  }
  // Every other page path (mostly remotes' routes): the bare page, with the start-up scripts and a remote route's preloaded too.
  const fallback = 'app.html';
  const fallbackPreloads = preloadLinks(startScripts([...START_CHUNK_GROUPS, ...REMOTE_ROUTE_CHUNK_GROUPS], preloadManifest, entryScripts));
  fs.writeFileSync(
    path.join(outDir, fallback),
    template.replace('</head>', () => `${fallbackPreloads}</head>`),
  );
  const manifest = { pages, fallback, placeholders: RUNTIME_PLACEHOLDERS, remotePaths: REMOTE_PATHS, remoteScreen: REMOTE_SCREEN, slots };
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(`Prerendered ${Object.keys(pages).length} pages: ${Object.keys(pages).join(' ')}\n`);
}

main().then(
  // The page tree leaves browser-like handles open (a BroadcastChannel): exit explicitly.
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
