#!/usr/bin/env node
/**
 * Renders the host's public pages into its page template (run by
 * prerender-pages-plugin.cjs after every production build of the shell):
 *
 *   node write-prerendered-pages.cjs <render-page.cjs> <shell dist>
 *
 * For each page: the React markup inside #root; the Chakra (emotion) styles it
 * used, moved from beside the elements into <head>, where emotion's browser
 * cache picks them up at hydration; and a <link rel="preload"> for every script
 * the page needs at start (preload-manifest.json), so they download beside the
 * entry instead of after it. Writes dist/prerendered/<page>.html, app.html (the
 * bare page for every other path, with the same start-up preloads) and
 * dist/prerendered/manifest.json, which scripts/serve-static.mjs reads.
 */
const fs = require('node:fs');
const path = require('node:path');

const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g;
/** The template's empty root, as html-webpack-plugin's minifier leaves it (quotes may go). */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

function fileFor(pagePath) {
  return pagePath === '/' ? 'index.html' : `${pagePath.replace(/^\//, '').replace(/\//g, '-')}.html`;
}

/**
 * Low priority: they download at once, beside the page, but never ahead of the
 * page itself (at high priority they would hold back its first paint on a slow network).
 */
function preloadLinks(groups, preloadManifest, alreadyLoaded) {
  const files = new Set();
  for (const group of groups) {
    const scripts = preloadManifest.groups[group];
    if (!scripts) throw new Error(`preload-manifest.json has no chunk group "${group}" (is its import() named?)`);
    for (const file of scripts) if (!alreadyLoaded.has(file)) files.add(file);
  }
  return [...files].map((file) => `<link rel="preload" href="/${file}" as="script" fetchpriority="low" />`).join('');
}

async function main() {
  const [bundleFile, distDir] = process.argv.slice(2);
  if (!bundleFile || !distDir) throw new Error('Usage: write-prerendered-pages.cjs <render-page.cjs> <dist>');
  const { PRERENDERED_PAGES, REMOTE_PATHS, REMOTE_ROUTE_CHUNK_GROUPS, RUNTIME_PLACEHOLDERS, START_CHUNK_GROUPS, renderPage } = require(path.resolve(bundleFile));
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const preloadManifest = JSON.parse(fs.readFileSync(path.join(distDir, 'preload-manifest.json'), 'utf8'));
  const entryScripts = new Set([...template.matchAll(/<script[^>]*src="?\/?([^" >]+)/g)].map((m) => m[1]));
  if (!EMPTY_ROOT.test(template)) throw new Error('The page template has no empty <div id="root"></div>');

  const outDir = path.join(distDir, 'prerendered');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const pages = {};
  for (const page of PRERENDERED_PAGES) {
    const markup = await renderPage(page.path);
    const styles = markup.match(EMOTION_STYLE) ?? [];
    const body = markup.replace(EMOTION_STYLE, '');
    const head = `${styles.join('')}${preloadLinks(page.chunkGroups, preloadManifest, entryScripts)}`;
    const html = template.replace('</head>', () => `${head}</head>`).replace(EMPTY_ROOT, () => `<div id="root">${body}</div>`);
    const file = fileFor(page.path);
    fs.writeFileSync(path.join(outDir, file), html);
    pages[page.path] = file;
  }
  // Every other page path (mostly remotes' routes): the bare page, with the start-up scripts and a remote route's preloaded too.
  const fallback = 'app.html';
  fs.writeFileSync(path.join(outDir, fallback), template.replace('</head>', () => `${preloadLinks([...START_CHUNK_GROUPS, ...REMOTE_ROUTE_CHUNK_GROUPS], preloadManifest, entryScripts)}</head>`));
  const manifest = { pages, fallback, placeholders: RUNTIME_PLACEHOLDERS, remotePaths: REMOTE_PATHS };
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
