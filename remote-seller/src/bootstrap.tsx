/**
 * This remote started alone (its own dev page, no shell): the providers the
 * shell would give it, so its team can work and test without the shell.
 * In the product, the shell loads only './App' (remoteEntry.js) and this file
 * never runs.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeConfig } from '@campus/shared/runtime-config';
import { sessionStore } from '@campus/shared/session';
import { DesignSystemProvider } from '@campus/shared/ui';
import App from './App';

async function mount(): Promise<void> {
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

mount().catch((error: unknown) => {
  console.error(error);
  const container = document.getElementById('root');
  if (container) container.textContent = `This remote could not start: ${error instanceof Error ? error.message : String(error)}`;
});
