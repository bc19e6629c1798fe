/**
 * The screens remotes prerendered at build time (their dist/prerendered/screens.json, beside
 * their mf-manifest.json), read from each remote's origin and kept a while.
 */
import { LRUCache } from 'lru-cache';

/** How long a remote's prerendered screens are kept before they are asked for again (a new deploy shows within this). */
export const REMOTE_SCREENS_TTL_MS = 30_000;
/** How soon a remote that could not answer is asked again (it may still be starting). */
export const REMOTE_SCREENS_RETRY_MS = 3_000;
/** How long a page waits for a remote's screens it has never had; after that it is served with the placeholder. */
export const REMOTE_SCREENS_TIMEOUT_MS = 1_500;

/**
 * @typedef {import('./slots.mjs').Screen} Screen
 * @typedef {{ ttlMs?: number, retryMs?: number, timeoutMs?: number, perf?: { now(): number } }} RemoteScreensOptions
 *   perf: the clock the cache ages entries by (tests move it)
 * @typedef {{ body: string | undefined, screens: Record<string, Screen> }} KeptScreens body undefined: never answered
 */

/** @param {unknown} screen @returns {screen is Screen} */
export function isScreen(screen) {
  if (typeof screen !== 'object' || screen === null) return false;
  /** @type {{ markup?: unknown, styles?: unknown, title?: unknown }} */
  const fields = screen;
  return (
    typeof fields.markup === 'string' &&
    typeof fields.styles === 'string' &&
    (fields.title === undefined || typeof fields.title === 'string')
  );
}

/**
 * One remote's answer: its screens (none for a 404: it prerenders none), or null when it
 * could not say (down, slow, a 5xx, not JSON).
 * @param {string | undefined} manifestUrl
 * @param {AbortSignal} signal
 * @returns {Promise<KeptScreens | null>}
 */
async function fetchScreens(manifestUrl, signal) {
  if (!manifestUrl) return { body: '', screens: {} };
  try {
    const response = await fetch(new URL('prerendered/screens.json', manifestUrl), { signal });
    if (response.status >= 500) return null;
    if (!response.ok) return { body: '', screens: {} };
    const body = await response.text();
    const { screens } = JSON.parse(body);
    return { body, screens: Object.fromEntries(Object.entries(screens ?? {}).filter(([, screen]) => isScreen(screen))) };
  } catch {
    return null;
  }
}

/**
 * The remotes' prerendered screens: fetched on first need, kept `ttlMs`, then refreshed in the
 * background while the kept copy is still served. A remote that cannot answer keeps the
 * screens it last gave, and is asked again after `retryMs`. A page waits for a remote's first
 * answer (`timeoutMs` at most), never for a refresh.
 * @param {Record<string, string>} manifestUrls remote name -> its mf-manifest.json URL (runtime configuration)
 * @param {RemoteScreensOptions} [options]
 * @returns {(remote: string) => Promise<Record<string, Screen>>}
 */
export function remoteScreensSource(
  manifestUrls,
  { ttlMs = REMOTE_SCREENS_TTL_MS, retryMs = REMOTE_SCREENS_RETRY_MS, timeoutMs = REMOTE_SCREENS_TIMEOUT_MS, perf } = {},
) {
  /** @type {LRUCache<string, KeptScreens>} */
  const kept = new LRUCache({
    // One entry per remote the configuration names (and one for a name it does not).
    max: Object.keys(manifestUrls).length + 1,
    ttl: ttlMs,
    // Ages read from the clock each time (the default caches the time for 1 ms).
    ttlResolution: 0,
    ...(perf ? { perf } : {}),
    fetchMethod: async (remote, last, { signal, options }) => {
      const answer = await fetchScreens(manifestUrls[remote], AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]));
      if (!answer) {
        options.ttl = retryMs;
        return last ?? { body: undefined, screens: {} };
      }
      // The same answer keeps the same objects, so the pages built from them are kept too.
      return last?.body === answer.body ? last : answer;
    },
  });
  return async (remote) => {
    const last = kept.peek(remote, { allowStale: true });
    try {
      // Never answered yet: the page waits for this answer; otherwise what is kept is served meanwhile.
      const entry = await kept.fetch(remote, { allowStale: last?.body !== undefined });
      return entry?.screens ?? {};
    } catch {
      // Only an entry dropped while its fetch was under way: the next page asks again.
      return last?.screens ?? {};
    }
  };
}
