/**
 * The operations console's './App': its screens from the federation contract
 * (`REMOTES.remoteOps` in @campus/shared/federation), each a lazily loaded
 * chunk, mounted by the shell under its operator guard.
 */
import { Suspense } from 'react';
import { RemoteRoutes } from '@campus/shared/remote-routes';
import { PageSpinner } from '@campus/shared/ui';
import { OPS_SCREENS } from './routes';

export default function OpsApp() {
  return (
    <Suspense fallback={<PageSpinner label="Loading page" />}>
      <RemoteRoutes remote="remoteOps" screens={OPS_SCREENS} />
    </Suspense>
  );
}
