/**
 * Starts a remote alone (its own dev page, no shell) with the providers the
 * shell would give it, so its team can work and test without the shell.
 * In the product the shell loads only the remote's './App' and this never runs.
 */
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { DesignSystemProvider } from '../ui';
import { loadRuntimeConfig } from './runtime-config';
import { sessionStore } from './session-store';

async function mount(App: ComponentType): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // The same runtime-config.json contract as the shell, served beside this remote.
  await loadRuntimeConfig();
  void sessionStore.getState().hydrate();
  createRoot(container).render(
    <StrictMode>
      <DesignSystemProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </DesignSystemProvider>
    </StrictMode>,
  );
}

export function mountStandalone(App: ComponentType): void {
  mount(App).catch((error: unknown) => {
    console.error(error);
    const container = document.getElementById('root');
    if (container) {
      container.textContent = `This remote could not start: ${error instanceof Error ? error.message : String(error)}`;
    }
  });
}
