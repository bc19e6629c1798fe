/**
 * The cart remote's './App': its screens from the federation contract
 * (`REMOTES.remoteCart` in @campus/shared/federation), each a lazily loaded
 * chunk, mounted by the shell under a pathless layout route.
 */
import { Suspense } from 'react';
import { RemoteRoutes } from '@campus/shared/remote-routes';
import { PageSpinner } from '@campus/shared/ui';
import { CART_SCREENS } from './routes';

export default function CartApp() {
  return (
    <Suspense fallback={<PageSpinner label="Loading page" />}>
      <RemoteRoutes remote="remoteCart" screens={CART_SCREENS} />
    </Suspense>
  );
}
