/**
 * Screens the remotes' servers render for one URL (the contract's `prerender: 'request'`,
 * GET <remote>/prerendered/render?url=...), for the shell's pages: kept a few seconds per URL,
 * for the last URLs asked for, with only so many renders asked of the remotes at once.
 */
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { RENDER_PATH } from '../../tooling/product.cjs';
import { REMOTE_SCREENS_TIMEOUT_MS, isScreen } from './remote-screens.mjs';

/** How long a screen rendered for a URL is kept: the same public data for every student, for a few seconds. */
export const REQUEST_SCREEN_TTL_MS = 5_000;
/** How long a page waits for its screen from the remote's server; after that it is served with the placeholder. */
export const REQUEST_SCREEN_WAIT_MS = 500;
/** URLs kept at most (the query string is the visitor's to choose; a page around a screen is ~0.3 MB). */
export const REQUEST_SCREENS_KEPT = 100;
/** Renders asked of the remotes at once; beyond that a page gets the placeholder (a flood of new URLs must not queue up work). */
export const REQUEST_SCREENS_PENDING = 4;

/**
 * @typedef {import('./slots.mjs').Screen & { queries: object }} RequestScreen
 * @typedef {{ ttlMs?: number, waitMs?: number, maxKept?: number, maxPending?: number, timeoutMs?: number,
 *   perf?: { now(): number } }} RequestScreensOptions perf: the clock the cache ages entries by (tests move it)
 * @typedef {{ screen: RequestScreen | null }} KeptScreen screen null: the remote could not draw it (kept too)
 */

/** @param {unknown} screen @returns {screen is RequestScreen} */
const isRequestScreen = (screen) =>
  isScreen(screen) &&
  typeof (/** @type {RequestScreen} */ (screen).queries) === 'object' &&
  /** @type {RequestScreen} */ (screen).queries !== null;

/**
 * @param {string | undefined} manifestUrl
 * @param {string} url
 * @param {AbortSignal} signal
 * @returns {Promise<RequestScreen | null>}
 */
async function fetchScreen(manifestUrl, url, signal) {
  if (!manifestUrl) return null;
  const endpoint = new URL(RENDER_PATH.replace(/^\//, ''), manifestUrl);
  endpoint.searchParams.set('url', url);
  try {
    const response = await fetch(endpoint, { signal });
    if (!response.ok) return null;
    const screen = await response.json();
    return isRequestScreen(screen) ? screen : null;
  } catch {
    return null;
  }
}

/**
 * The screen a remote's server renders for a URL: kept `ttlMs` per URL (the same answer for
 * every student, so a busy page costs the remote one render every few seconds), never older,
 * for the `maxKept` URLs asked for last. A page waits `waitMs` at most; an answer that comes
 * later is kept for the next visitor. At most `maxPending` renders are asked for at once; a
 * URL beyond that gets no screen, and nothing is queued.
 * @param {Record<string, string>} manifestUrls remote name -> its mf-manifest.json URL (runtime configuration)
 * @param {RequestScreensOptions} [options]
 * @returns {(remote: string, url: string, wait?: number) => Promise<RequestScreen | null>} wait: this request's own `waitMs`
 */
export function requestScreenSource(
  manifestUrls,
  {
    ttlMs = REQUEST_SCREEN_TTL_MS,
    waitMs = REQUEST_SCREEN_WAIT_MS,
    maxKept = REQUEST_SCREENS_KEPT,
    maxPending = REQUEST_SCREENS_PENDING,
    timeoutMs = REMOTE_SCREENS_TIMEOUT_MS,
    perf,
  } = {},
) {
  const renders = pLimit(maxPending);
  /** @type {LRUCache<string, KeptScreen, { remote: string, url: string }>} */
  const kept = new LRUCache({
    max: maxKept,
    ttl: ttlMs,
    ttlResolution: 0,
    ...(perf ? { perf } : {}),
    // Async, so that it always returns a promise (lru-cache waits forever for a plain undefined). It still
    // runs synchronously up to its first await: the check and the start of the render are one step.
    fetchMethod: async (_key, _stale, { signal, context: { remote, url } }) => {
      // All renders under way: this URL gets none (and nothing is kept), and none waits its turn (the limiter's queue stays empty).
      if (renders.activeCount + renders.pendingCount >= maxPending) return undefined;
      const screen = await renders(() => fetchScreen(manifestUrls[remote], url, AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])));
      return { screen };
    },
  });
  return (remote, url, wait = waitMs) => {
    const answer = kept.fetch(`${remote} ${url}`, { context: { remote, url } }).then(
      (entry) => entry?.screen ?? null,
      // Dropped from the cache while the render was under way (more than maxKept newer URLs).
      () => null,
    );
    const late = new Promise((resolve) => setTimeout(resolve, wait, null).unref());
    return Promise.race([answer, late]);
  };
}
