/**
 * The pages of a build: the fallback (index.html) and, for the shell, what the build
 * prerendered (dist/prerendered/manifest.json): the public pages by path, the placeholders
 * that stand for runtime configuration text, which remote renders which path (whose manifest
 * a page then preloads), and the pages with a slot for that remote's own screen.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../tooling/html.cjs';
import { htmlPage } from './html-page.mjs';
import { PREVIEW_FETCHER_WAIT_MS } from './link-preview.mjs';
import { remoteScreensSource } from './remote-screens.mjs';
import { requestScreenSource } from './request-screens.mjs';
import { patternRegExp } from './route-pattern.mjs';
import { usableScreen, withRemoteScreen } from './slots.mjs';

/**
 * @typedef {import('./html-page.mjs').HtmlPage} HtmlPage
 * @typedef {import('./slots.mjs').Screen} Screen
 * @typedef {import('./slots.mjs').Slot} Slot
 */

/**
 * The page's first script: marks <html> (the build's `storedSessionAttribute`) when local storage
 * holds a session, before the first paint, so the prerendered navbar's guest links are hidden for
 * a signed-in student until the app draws theirs. Nothing for a build without the mark.
 *
 * On a signed-in page (a slot whose access is `signed-in`) a guest is sent on to the build's
 * `guestRedirectPath` (/login) from here, before the page asks for any script: the app would send
 * them there too, but only once the shell and the remote had loaded (a guest's shared product link
 * waited 5-6 s for the sign-in form on a slow phone). With the build's `returnParam` the page asked
 * for (path and query) goes along (`/login?next=%2Fproduct%2F…`), so signing in returns there; the
 * auth screens read it back only as a same-site path (`safeReturnPath`, shared/src/federation.ts).
 * @param {{ sessionStorageKey?: string, storedSessionAttribute?: string, guestRedirectPath?: string, returnParam?: string } | undefined} marks
 * @param {{ access?: string } | undefined} [slot] the page's remote-screen slot
 */
export function storedSessionScript(marks, slot) {
  if (!marks?.sessionStorageKey || !marks.storedSessionAttribute) return '';
  const [key, attribute] = [JSON.stringify(marks.sessionStorageKey), JSON.stringify(marks.storedSessionAttribute)];
  const mark = `document.documentElement.setAttribute(${attribute},"")`;
  if (slot?.access === 'signed-in' && marks.guestRedirectPath) {
    const login = marks.returnParam
      ? `${JSON.stringify(`${marks.guestRedirectPath}?${encodeURIComponent(marks.returnParam)}=`)}+encodeURIComponent(location.pathname+location.search)`
      : JSON.stringify(marks.guestRedirectPath);
    return `<script>try{if(localStorage.getItem(${key}))${mark};else location.replace(${login})}catch(e){}</script>`;
  }
  return `<script>try{if(localStorage.getItem(${key}))${mark}}catch(e){}</script>`;
}

/**
 * The page for a request path (with its query), built on first request and kept (per remote
 * screen); a page around a screen rendered for one URL is kept as long as that screen is.
 * @param {string} root the dist folder
 * @param {string} configBody the runtime configuration's JSON
 * @param {import('./remote-screens.mjs').RemoteScreensOptions} [remoteScreensOptions]
 * @param {import('./request-screens.mjs').RequestScreensOptions} [requestScreensOptions]
 * @param {string} [publicOrigin] where students reach the site (a shared link's preview URLs are absolute against it)
 * @returns {(pathWithQuery: string, options?: { previewFetcher?: boolean }) => Promise<HtmlPage>} previewFetcher: a
 *   messaging app's link-preview fetch (link-preview.mjs), which waits longer for a screen rendered per URL
 */
export function loadPages(root, configBody, remoteScreensOptions, requestScreensOptions, publicOrigin) {
  const config = JSON.parse(configBody);
  const dir = path.join(root, 'prerendered');
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : { pages: {}, placeholders: {}, remotePaths: [] };
  /** @type {Record<string, string>} */
  const values = { universityName: config.university?.name ?? '', universityEmailDomain: config.university?.emailDomain ?? '' };
  /** @type {[string, string][]} */
  const placeholderValues = Object.entries(manifest.placeholders).map(([key, placeholder]) => {
    if (!(key in values)) throw new Error(`${manifestFile}: no runtime value for the placeholder "${key}"`);
    return [/** @type {string} */ (placeholder), /** @type {string} */ (values[key])];
  });
  /** @param {string} text */
  const fillPlaceholders = (text) =>
    placeholderValues.reduce((filled, [placeholder, value]) => filled.split(placeholder).join(value), text);
  /** @type {{ test: RegExp, remote: string }[]} */
  const remotePaths = (manifest.remotePaths ?? []).map((/** @type {{ pattern: string, remote: string }} */ { pattern, remote }) => ({
    test: patternRegExp(pattern),
    remote,
  }));
  // A page prerendered for a pattern (`/product/:slug`) serves every path it matches.
  const pagePatterns = Object.keys(manifest.pages)
    .filter((page) => page.includes(':'))
    .map((page) => ({ test: patternRegExp(page), page }));
  /** @type {Record<string, Slot>} */
  const slots = manifest.slots ?? {};
  // The copy's attributes (inert, busy) come with the build that drew the slots: a build from before
  // them would be served as a live-looking form that takes typing and loses it.
  if (Object.keys(slots).length > 0 && !manifest.remoteScreen?.copyAttributes) {
    throw new Error(`${manifestFile}: remoteScreen.copyAttributes is missing; rebuild the shell (npm run build)`);
  }
  const screensOf = remoteScreensSource(config.remotes ?? {}, remoteScreensOptions);
  const screenAt = requestScreenSource(config.remotes ?? {}, requestScreensOptions);
  // Ask the remotes for their screens now (a request-rendered one at a path that is not a pattern),
  // so the first visitor does not wait for them, nor meet a remote's slow first render.
  for (const [page, slot] of Object.entries(slots)) {
    if (slot.mode !== 'request') void screensOf(slot.remote);
    else if (!page.includes(':')) void screenAt(slot.remote, page);
  }
  const fallbackFile = manifest.fallback ? path.join(dir, manifest.fallback) : path.join(root, 'index.html');
  /** @type {Map<string, { screen: Screen | undefined, page: HtmlPage }>} */
  const built = new Map();
  /** Pages built around one request's screen, kept as long as that screen is (the source keeps one object per URL). */
  /** @type {WeakMap<Screen, { key: string, page: HtmlPage }>} */
  const builtAround = new WeakMap();
  /** @type {Map<string, string>} */
  const templates = new Map();
  /** @param {string} file */
  const template = (file) => {
    if (!templates.has(file)) templates.set(file, readFileSync(file, 'utf8'));
    return /** @type {string} */ (templates.get(file));
  };

  /**
   * The screen for the slot of page `page` at `url`: the remote's built one, or the one its server rendered for the URL.
   * @param {Slot} slot @param {string} page @param {string} url @param {boolean} previewFetcher
   */
  async function screenFor(slot, page, url, previewFetcher) {
    const offered =
      slot.mode === 'request'
        ? await screenAt(slot.remote, url, previewFetcher ? PREVIEW_FETCHER_WAIT_MS : undefined)
        : (await screensOf(slot.remote))[page];
    return usableScreen(offered, fillPlaceholders);
  }

  return async (pathWithQuery, { previewFetcher = false } = {}) => {
    const [pagePath = '/', query = ''] = pathWithQuery.split(/\?(.*)/s);
    const page = manifest.pages[pagePath] ? pagePath : pagePatterns.find((p) => p.test.test(pagePath))?.page;
    const file = page ? path.join(dir, manifest.pages[page]) : fallbackFile;
    const remote = remotePaths.find((r) => r.test.test(pagePath))?.remote;
    const slot = page ? slots[page] : undefined;
    const screen = slot && page ? await screenFor(slot, page, query ? `${pagePath}?${query}` : pagePath, previewFetcher) : undefined;
    const key = `${file}|${remote ?? ''}`;
    if (slot?.mode === 'request' && screen) {
      // A page per (page, screen), the screen being the one kept for this URL.
      const kept = builtAround.get(screen);
      if (kept?.key === key) return kept.page;
    } else {
      const kept = built.get(key);
      if (kept && kept.screen === screen) return kept.page;
    }
    const html = slot ? withRemoteScreen(template(file), manifest.remoteScreen, slot, screen, pagePath, publicOrigin) : template(file);
    const remoteManifest = remote ? config.remotes?.[remote] : undefined;
    const preload = remoteManifest
      ? `<link rel="preload" href="${escapeHtml(remoteManifest)}" as="fetch" crossorigin="anonymous" fetchpriority="low" />`
      : '';
    const quick = slot?.mode === 'request' && screen !== undefined;
    const result = htmlPage(html, configBody, placeholderValues, storedSessionScript(manifest.remoteScreen, slot) + preload, { quick });
    if (quick && screen) builtAround.set(screen, { key, page: result });
    else built.set(key, { screen, page: result });
    return result;
  };
}
