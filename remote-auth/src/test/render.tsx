import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DesignSystemProvider } from '@campus/shared/ui';
import App from '../App';

/** Shows where the router is, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

interface Options {
  /** Pass when the test uses jest fake timers. */
  fakeTimers?: boolean;
}

/** Renders the remote's App at a path, inside the design system and a memory router, with a user-event instance. */
export function renderApp(path: string, { fakeTimers = false }: Options = {}) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  const ui: ReactElement = (
    <DesignSystemProvider>
      <MemoryRouter initialEntries={[path]}>
        {/* Like the shell: the remote under a catch-all, the shell's own pages beside it. */}
        <Routes>
          <Route path="/marketplace" element={<h1>Marketplace</h1>} />
          <Route path="*" element={<App />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </DesignSystemProvider>
  );
  return { user, ...render(ui) };
}

export function currentPath(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
