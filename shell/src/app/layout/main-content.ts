/**
 * When the shell may start its secondary work (the navbar's cart, wishlist and unread counts, with
 * the API client and contract they load: about 65 KB gzip): once the page's main content is on
 * screen, so on a slow phone those bytes and their parsing never delay what the student opened
 * the page for. A screen says its content has shown on the bus ('page:main-content-shown': the
 * marketplace's first results, a product); for a screen that never says, the page's load event
 * plus FALLBACK_AFTER_LOAD_MS stands in. Either way the work then waits for an idle moment.
 * Once the main content has shown, later starts (a sign-in, a new tab's session) run at once.
 */
import { eventBus } from '@campus/shared/event-bus';

/** After the load event, how long a screen that does not announce its content gets to draw it. */
export const FALLBACK_AFTER_LOAD_MS = 1000;
/** An idle moment is waited for at most this long: on a page that is never idle, the work still starts. */
const IDLE_TIMEOUT_MS = 1000;

let shown = false;
const waiting = new Set<() => void>();

function markShown(): void {
  if (shown) return;
  shown = true;
  for (const wake of [...waiting]) wake();
}

eventBus.on('page:main-content-shown', markShown);

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 0);
  return () => window.clearTimeout(id);
}

/**
 * Runs `run` once the page's main content has shown (or the fallback has passed) and the main
 * thread is idle. Returns a cancel function (the navbar unmounts, the student signs out first).
 */
export function afterMainContent(run: () => void): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  let fallbackTimer: number | undefined;
  const start = () => {
    waiting.delete(start);
    window.removeEventListener('load', startFallback);
    window.clearTimeout(fallbackTimer);
    if (cancelled || cancelIdle) return;
    cancelIdle = whenIdle(() => {
      if (!cancelled) run();
    });
  };
  const startFallback = () => {
    fallbackTimer = window.setTimeout(() => {
      markShown();
      start();
    }, FALLBACK_AFTER_LOAD_MS);
  };
  if (shown) start();
  else {
    waiting.add(start);
    if (document.readyState === 'complete') startFallback();
    else window.addEventListener('load', startFallback, { once: true });
  }
  return () => {
    cancelled = true;
    waiting.delete(start);
    window.removeEventListener('load', startFallback);
    window.clearTimeout(fallbackTimer);
    cancelIdle?.();
  };
}
