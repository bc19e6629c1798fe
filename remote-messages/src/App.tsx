/**
 * The messages remote's './App': its screens from the federation contract
 * (`REMOTES.remoteMessages` in @campus/shared/federation), each a lazily loaded
 * chunk, mounted by the shell under a pathless layout route.
 */
import { Suspense } from 'react';
import { RemoteRoutes } from '@campus/shared/remote-routes';
import { PageSpinner } from '@campus/shared/ui';
import { MESSAGES_SCREENS } from './routes';

export default function MessagesApp() {
  return (
    <Suspense fallback={<PageSpinner label="Loading page" />}>
      <RemoteRoutes remote="remoteMessages" screens={MESSAGES_SCREENS} />
    </Suspense>
  );
}
