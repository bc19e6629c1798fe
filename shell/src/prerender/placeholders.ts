/**
 * What the build-time HTML and the browser agree on (src/prerender,
 * bootstrap.tsx and page-server/ use the same strings).
 */
import { href, RETURN_PARAM, SERVER_QUERIES_ELEMENT_ID } from '@campus/shared/federation';
import { STORAGE_KEYS } from '@campus/shared/storage';

/**
 * A remote route's loading placeholder is this element (RemoteScreenFallback). In a prerendered
 * page the build swaps it for `slot`, and the static server puts there either the remote's own
 * prerendered screen (the element with `data-screen-path` and `inert`) or the placeholder again.
 */
export const REMOTE_SCREEN = {
  attribute: 'data-remote-screen',
  pathAttribute: 'data-screen-path',
  slot: '%%REMOTE_SCREEN%%',
  /**
   * On the copy of the screen, in the HTML (page-server/ writes `true` as a bare
   * attribute) and in RemoteScreenFallback: inert, so an HTML-only form is never typed into or
   * sent; busy, until the live screen replaces it.
   */
  copyAttributes: { inert: true, 'aria-busy': 'true' },
  /** Where the data of a screen rendered per request goes (read by the page's query client). */
  queriesElementId: SERVER_QUERIES_ELEMENT_ID,
  /** A signed-in screen's copy is taken out at once when local storage holds no session under this key. */
  sessionStorageKey: STORAGE_KEYS.token,
  /** Set on <html> before the first paint when local storage holds a session (STORED_SESSION_ATTRIBUTE). */
  storedSessionAttribute: 'data-stored-session',
  /**
   * Where a signed-in page sends a guest (RequireUser's redirect): the page's first script does it
   * before any script loads when local storage holds no session (page-server/).
   */
  guestRedirectPath: href('login'),
  /** The query parameter that carries the page asked for to /login (`?next=`), so signing in returns there. */
  returnParam: RETURN_PARAM,
} as const;

/**
 * On <html> when local storage holds a session token: set by the page's first inline script
 * (page-server/), before the first paint, and by bootstrap.tsx for a page drawn in the browser.
 * The navbar's guest links, drawn until the session is read, are hidden under it.
 */
export const STORED_SESSION_ATTRIBUTE = REMOTE_SCREEN.storedSessionAttribute;

/** The digest of a Suspense boundary the build left to the browser on purpose (a remote's route). */
export const CLIENT_ONLY_DIGEST = 'campus:client-only';

/** The chunk groups every page needs at start: index.ts's import()s (named there). */
export const START_CHUNK_GROUPS = ['runtime-config', 'design-system', 'react-dom', 'bootstrap'] as const;

/** What a remote's route needs from the shell besides the start: the page's query client (RemoteRoute). */
export const REMOTE_ROUTE_CHUNK_GROUPS = ['query-client'] as const;
