/**
 * The seller remote's './App': its screens from the federation contract
 * (`REMOTES.remoteSeller` in @campus/shared/federation). The shell mounts it
 * under a pathless layout route and draws the seller chrome around seller pages.
 */
import { RemoteRoutes } from '@campus/shared/remote-routes';
import { SELLER_SCREENS } from './routes';

export default function SellerApp() {
  return <RemoteRoutes remote="remoteSeller" screens={SELLER_SCREENS} />;
}
