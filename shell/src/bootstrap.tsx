/**
 * Mounts the shell. Imported by index.ts behind the async boundary; mount()
 * runs only once the runtime configuration is loaded and remotes registered.
 * (So no module may read the runtime configuration at import time.)
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

export function mount(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
