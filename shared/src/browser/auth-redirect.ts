/**
 * The spec's 401 rule without the HTTP client: tell the listeners (the session
 * store clears token and user: it is their one owner), then go to /auth unless
 * already there.
 *
 * Its own module (and `@campus/shared/auth-redirect` subpath) so the shell's
 * start-up can register the router's navigate and the session store can listen
 * for 401s without loading axios; the API client calls handleUnauthorized()
 * and re-exports all three, so `@campus/shared/api-client` keeps its API.
 */
type UnauthorizedHandler = () => void;

/** Default: a full navigation. The shell replaces it with its router's navigate. */
let navigateToAuth: (path: string) => void = (path) => window.location.assign(path);
const unauthorizedListeners = new Set<UnauthorizedHandler>();

export function setAuthNavigator(navigate: (path: string) => void): void {
  navigateToAuth = navigate;
}

/** The session store listens here so a 401 clears the in-memory session too. */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedListeners.add(handler);
  return () => unauthorizedListeners.delete(handler);
}

export function handleUnauthorized(): void {
  unauthorizedListeners.forEach((listener) => listener());
  if (window.location.pathname !== '/auth') navigateToAuth('/auth');
}

type RenewedHandler = (token: string) => void;
const renewedListeners = new Set<RenewedHandler>();

/** The session store listens here so its in-memory token follows a renewal (storage has it already). */
export function onSessionRenewed(handler: RenewedHandler): () => void {
  renewedListeners.add(handler);
  return () => renewedListeners.delete(handler);
}

export function sessionRenewed(token: string): void {
  renewedListeners.forEach((listener) => listener(token));
}
