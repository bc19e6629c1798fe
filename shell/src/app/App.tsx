/**
 * The shell's root: design system, router, routes. It owns the session
 * lifecycle (hydrate once at start) and gives the API client the router's
 * navigate so a 401 redirect is a client-side navigation.
 */
import { useEffect, useLayoutEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
// Not '@campus/shared/api-client': that would put axios on the landing page's first-render path.
import { setAuthNavigator } from '@campus/shared/auth-redirect';
import { sessionStore } from '@campus/shared/session';
import { DesignSystemProvider } from '@campus/shared/ui';
import { federationLoader, RemoteLoaderProvider, type RemoteLoader } from './remote/remote-loader';
import { AppRoutes } from './routing/AppRoutes';

function AuthNavigatorBridge() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    setAuthNavigator((path) => navigate(path, { replace: true }));
    // Back to a full page load if the router goes away.
    return () => setAuthNavigator((path) => window.location.assign(path));
  }, [navigate]);
  return null;
}

export interface AppProps {
  /** Injected in tests; Module Federation's loadRemote otherwise. */
  loadRemote?: RemoteLoader;
}

export function App({ loadRemote = federationLoader }: AppProps) {
  useEffect(() => {
    void sessionStore.getState().hydrate();
  }, []);

  return (
    <DesignSystemProvider>
      <RemoteLoaderProvider value={loadRemote}>
        {/* No transitions: a 401 clears the session and navigates to /auth in one
            render; with a transition the guard would first bounce to /login. */}
        <BrowserRouter useTransitions={false}>
          <AuthNavigatorBridge />
          <AppRoutes />
        </BrowserRouter>
      </RemoteLoaderProvider>
    </DesignSystemProvider>
  );
}
