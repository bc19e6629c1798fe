/**
 * The cart remote's './App': its screens from the federation contract
 * (`REMOTES.remoteCart` in @campus/shared/federation), mounted by the shell
 * under a pathless layout route.
 */
import { RemoteRoutes } from '@campus/shared/remote-routes';
import { CART_SCREENS } from './routes';

export default function CartApp() {
  return <RemoteRoutes remote="remoteCart" screens={CART_SCREENS} />;
}
