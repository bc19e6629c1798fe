/**
 * The seller remote's './App': its screens from the federation contract
 * (`REMOTES.remoteSeller` in @campus/shared/federation), each a lazily loaded
 * chunk, and the Accept Order dialog, which answers the seller chrome's
 * button (the 'order:completion-requested' event) on every seller page.
 */
import { Suspense } from 'react';
import { RemoteRoutes } from '@campus/shared/remote-routes';
import { PageSpinner } from '@campus/shared/ui';
import { AcceptOrderDialog } from './features/accept-order/components/AcceptOrderDialog';
import { SELLER_SCREENS } from './routes';

export default function SellerApp() {
  return (
    <>
      <Suspense fallback={<PageSpinner label="Loading page" />}>
        <RemoteRoutes remote="remoteSeller" screens={SELLER_SCREENS} />
      </Suspense>
      <AcceptOrderDialog />
    </>
  );
}
