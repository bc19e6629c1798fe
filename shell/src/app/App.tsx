/**
 * The shell's root: design system, router, routes. It owns the session
 * lifecycle (hydrate once at start) and gives the API client the router's
 * navigate so a 401 redirect is a client-side navigation.
 *
 * The same tree is rendered at build time for the public pages
 * (src/prerender, under a StaticRouter) and hydrated in the browser, so the
 * first render must not read anything the build cannot know: the session
 * (local storage) is read in an effect, after hydration.
 */
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
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

/** Everything inside the router: the build-time render wraps it in a StaticRouter, the browser in a BrowserRouter. */
export function AppFrame({ loadRemote = federationLoader, children }: AppProps & { children?: ReactNode }) {
  return (
    <DesignSystemProvider>
      <RemoteLoaderProvider value={loadRemote}>
        {children}
        <AppRoutes />
      </RemoteLoaderProvider>
    </DesignSystemProvider>
  );
}

export function App({ loadRemote }: AppProps) {
  useEffect(() => {
    void sessionStore.getState().hydrate();
    // React has committed the page (hydrated or drawn): the bundle report and tests wait for this.
    document.documentElement.dataset.appMounted = 'true';
  }, []);

  return (
    // No transitions: a 401 clears the session and navigates to /auth in one
    // render; with a transition the guard would first bounce to /login.
    <BrowserRouter useTransitions={false}>
      <AppFrame loadRemote={loadRemote}>
        <AuthNavigatorBridge />
      </AppFrame>
    </BrowserRouter>
  );
}
