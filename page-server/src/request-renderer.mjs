/**
 * A remote's screens rendered per request (the contract's `prerender: 'request'`): the bundle
 * its build put in dist/server, run here for each URL the shell's server asks for at
 * RENDER_PATH?url=<path and query> (JSON).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_BUNDLE, SERVER_DIR } from '../../tooling/product.cjs';
import { headStyles, withoutStyles } from '../../tooling/html.cjs';
import { patternRegExp } from './route-pattern.mjs';

/**
 * Null for an app without a server bundle.
 * @param {string} root the dist folder
 * @param {string} configBody the runtime configuration's JSON (the bundle's API client reads it)
 * @returns {((url: string | null) => Promise<{ status: number, body: string }>) | null}
 */
export function requestRenderer(root, configBody) {
  const file = path.join(root, SERVER_DIR, SERVER_BUNDLE);
  if (!existsSync(file)) return null;
  const bundle = createRequire(file)(file);
  bundle.configure(JSON.parse(configBody));
  /** @type {RegExp[]} */
  const patterns = bundle.requestPaths.map(patternRegExp);
  return async (url) => {
    if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.length > 2048)
      return { status: 400, body: 'url must be a path' };
    if (!patterns.some((pattern) => pattern.test(new URL(url, 'http://localhost').pathname)))
      return { status: 404, body: 'No screen is rendered here for this path' };
    const screen = await bundle.renderAt(url);
    // The data could not be read: the page keeps its placeholder, and the screen asks again in the browser.
    if (!screen) return { status: 503, body: "The screen's data could not be read" };
    const { markup, title, queries, linkPreview } = screen;
    return {
      status: 200,
      body: JSON.stringify({
        markup: withoutStyles(markup),
        styles: headStyles(markup, { withGlobals: false }),
        ...(title ? { title } : {}),
        queries,
        // A product or store page's Open Graph data, drawn from the same queries (the shell's page writes the tags).
        ...(linkPreview ? { linkPreview } : {}),
      }),
    };
  };
}
