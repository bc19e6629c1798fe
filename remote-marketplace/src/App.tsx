/**
 * The marketplace remote's './App': its screens from the federation contract
 * (`REMOTES.remoteMarketplace`), each a lazily loaded chunk (routes/index.tsx).
 * The shell mounts it under its signed-in layout.
 */
import { PageSpinner } from '@campus/shared/ui';
import { Suspense, useEffect } from 'react';
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
    <Suspense fallback={<PageSpinner label="Loading page" />}>
      <ScrollToTopOnNavigate />
      <RemoteRoutes remote="remoteMarketplace" screens={MARKETPLACE_SCREENS} />
    </Suspense>
  );
}
