/**
 * The marketplace remote's './App': its screens from the federation contract
 * (`REMOTES.remoteMarketplace`), each a lazily loaded chunk (routes/index.tsx).
 * The shell mounts it under its signed-in layout.
 *
 * No Suspense boundary of its own: while a screen's chunk loads, the host's
 * boundary (the shell's route, or the standalone page) keeps what it shows, and
 * on a page's first screen that is the server's copy of this very screen
 * (`prerender: 'request'`), not a spinner between the copy and the screen.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { RemoteRoutes } from '@campus/shared/remote-routes';
import { MARKETPLACE_SCREENS } from './routes';

/** A new screen starts at the top (query-string changes, like paging, scroll on their own terms). */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export default function App() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <RemoteRoutes remote="remoteMarketplace" screens={MARKETPLACE_SCREENS} />
    </>
  );
}
