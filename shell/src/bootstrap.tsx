/**
 * Mounts the shell. Imported by index.ts behind the async boundary; mount()
 * runs only once the runtime configuration is loaded and remotes registered.
 * (So no module may read the runtime configuration at import time.)
 *
 * A public page arrives rendered (src/prerender): React hydrates it instead of
 * drawing it again. Any other page starts from the empty #root. The remote the
 * first route needs starts loading first, beside all of this.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { federationLoader } from './app/remote/remote-loader';
import { preloadFirstRouteRemote } from './app/remote/preload-route-remote';
import { readPrerenderedScreen } from './app/remote/RemoteScreenFallback';
import { readStoredToken } from '@campus/shared/storage';
import { CLIENT_ONLY_DIGEST, STORED_SESSION_ATTRIBUTE } from './prerender/placeholders';

function reportRecoverableError(error: unknown): void {
  // A remote's route was left to the browser on purpose by the build: not an error.
  if ((error as { digest?: string } | null)?.digest === CLIENT_ONLY_DIGEST) return;
  console.error(error);
}

export function mount(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  preloadFirstRouteRemote(federationLoader);
  // What the page's first script does in a served page (page-server/), for any other page: the
  // navbar's guest links, drawn until the session is read, stay hidden for a stored session.
  if (readStoredToken()) document.documentElement.setAttribute(STORED_SESSION_ATTRIBUTE, '');
  // React replaces a remote's route in the server's HTML (a boundary left to the browser): keep
  // the remote's prerendered screen the server put there, to draw it again until the remote arrives.
  readPrerenderedScreen(container);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // As a transition, React renders (and hydrates) in slices of a few milliseconds and lets the
  // browser paint and take input in between, instead of blocking the main thread for the whole tree.
  startTransition(() => {
    if (container.firstElementChild) hydrateRoot(container, app, { onRecoverableError: reportRecoverableError });
    else createRoot(container).render(app);
  });
}
