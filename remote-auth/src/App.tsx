/**
 * The auth remote's './App': its screens from the federation contract
 * (`REMOTES.remoteAuth`). The shell mounts it under a pathless layout route
 * and applies the guest-only / signed-in guards the contract names.
 */
import { RemoteRoutes } from '@campus/shared/remote-routes';
import { AUTH_SCREENS } from './routes';

export default function App() {
  return <RemoteRoutes remote="remoteAuth" screens={AUTH_SCREENS} />;
}
