#!/usr/bin/env node
/**
 * Renders a remote's static screens (the federation contract's `prerender: true`)
 * to HTML, run by prerender-plugin.cjs after every production build of a
 * remote that has src/prerender/render-screens.tsx:
 *
 *   node write-prerendered-screens.cjs <render-screens.cjs> <remote dist>
 *
 * Writes dist/prerendered/screens.json: for each screen path, its markup, the
 * emotion styles it uses (one tag for <head>; the shell's page has Chakra's global
 * styles already) and its title. The shell's static server reads it from the
 * remote's origin and puts the screen into its page (page-server/),
 * so it is always this remote's current deploy.
 *
 * A remote with screens rendered per request (`prerender: 'request'`) gets the
 * bundle itself in dist/server/render-screens.cjs: its static server runs it
 * (GET /prerendered/render) and never serves that folder as files.
 */
const fs = require('node:fs');
const path = require('node:path');
const { headStyles, withoutStyles } = require('../html.cjs');
const { SERVER_BUNDLE, SERVER_DIR } = require('../product.cjs');

async function main() {
  const [bundleFile, distDir] = process.argv.slice(2);
  if (!bundleFile || !distDir) throw new Error('Usage: write-prerendered-screens.cjs <render-screens.cjs> <dist>');
  const { remote, paths, renderScreen, requestPaths = [] } = require(path.resolve(bundleFile));
  const screens = {};
  for (const screenPath of paths) {
    const { markup, title } = await renderScreen(screenPath);
    screens[screenPath] = {
      markup: withoutStyles(markup),
      styles: headStyles(markup, { withGlobals: false }),
      ...(title ? { title } : {}),
    };
  }
  const outDir = path.join(distDir, 'prerendered');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'screens.json'), `${JSON.stringify({ remote, screens })}\n`);
  process.stdout.write(`Prerendered ${paths.length} screens of ${remote}: ${paths.join(' ')}\n`);
  const serverDir = path.join(distDir, SERVER_DIR);
  fs.rmSync(serverDir, { recursive: true, force: true });
  if (requestPaths.length > 0) {
    fs.mkdirSync(serverDir, { recursive: true });
    fs.copyFileSync(bundleFile, path.join(serverDir, SERVER_BUNDLE));
    process.stdout.write(`Screens of ${remote} rendered per request by its server: ${requestPaths.join(' ')}\n`);
  }
}

main().then(
  // The screens' tree leaves browser-like handles open (a BroadcastChannel): exit explicitly.
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
