/**
 * How long a browser may keep what the server answers: hashed files a year (their name changes
 * with their content), everything else revalidated every time (pages, json, mf-manifest.json,
 * remoteEntry.js: the names a new deploy keeps).
 */

/** [name].[10 hex].ext, as tooling/webpack/create-config.cjs names hashed output. */
export const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** @param {string} pathname a file's request path */
export const cacheControlFor = (pathname) => (HASHED.test(pathname) ? IMMUTABLE : REVALIDATE);

/** A request for a file (not a page): never answered with index.html. */
const ASSET = /\.(m?js|css|map|json|txt|ico|png|jpe?g|gif|svg|webp|avif|woff2?|br|gz|html)$/i;

/**
 * Whether a request path is a page (built by the server: the template or what the build
 * prerendered, with the configuration inlined) rather than a file of the build. What the
 * shell's build wrote in prerendered/ is never served as a file; a remote's screens.json is.
 * @param {string} pagePath the path without a trailing slash
 */
export const isPagePath = (pagePath) =>
  !ASSET.test(pagePath) || pagePath === '/index.html' || (pagePath.startsWith('/prerendered/') && pagePath !== '/prerendered/screens.json');
