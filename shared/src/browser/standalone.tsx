/**
 * Starts a remote alone (its own dev page, no shell) with the providers the
 * shell would give it, so its team can work and test without the shell.
 * In the product the shell loads only the remote's './App' and this never runs.
 */
import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { DesignSystemProvider, PageSpinner } from '@campus/shared/ui';
import { setAuthNavigator } from '@campus/shared/auth-redirect';
import { QueryProvider } from '@campus/shared/query';
import { loadRuntimeConfig } from '@campus/shared/runtime-config';
import { sessionStore, useSession } from '@campus/shared/session';
import { StandaloneSignIn } from './standalone-sign-in';

export interface StandaloneOptions {
  /** Shown on the page, e.g. 'remote-marketplace'. */
  name: string;
  /** Its screens need a signed-in user: without a session, show a sign-in form in place of the app. */
  requiresSession: boolean;
}

export function StandaloneRoot({ App, options }: { App: ComponentType; options: StandaloneOptions }) {
  const status = useSession((s) => s.status);
  const token = useSession((s) => s.token);
  if (options.requiresSession) {
    if (status === 'loading') return <PageSpinner label="Loading your session" />;
    if (!token) return <StandaloneSignIn remoteName={options.name} />;
  }
  // The shell's route gives a remote's screens a Suspense boundary (their chunks load lazily): so does this page.
  return (
    <Suspense fallback={<PageSpinner label="Loading page" />}>
      <App />
    </Suspense>
  );
}

async function mount(App: ComponentType, options: StandaloneOptions): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // The same runtime-config.json contract as the shell, served beside this remote.
  await loadRuntimeConfig();
  // No /auth page here: a 401 clears the session and the sign-in form takes the app's place, on the same URL.
  if (options.requiresSession) setAuthNavigator(() => undefined);
  void sessionStore.getState().hydrate();
  createRoot(container).render(
    <StrictMode>
      <DesignSystemProvider>
        <QueryProvider>
          <BrowserRouter>
            <StandaloneRoot App={App} options={options} />
          </BrowserRouter>
        </QueryProvider>
      </DesignSystemProvider>
    </StrictMode>,
  );
}

export function mountStandalone(App: ComponentType, options: StandaloneOptions): void {
  mount(App, options).catch((error: unknown) => {
    console.error(error);
    const container = document.getElementById('root');
    if (container) {
      container.textContent = `This remote could not start: ${error instanceof Error ? error.message : String(error)}`;
    }
  });
}
