/**
 * remote-auth's test helpers, on the shared kit (`@campus/shared/testing`):
 * the App rendered like the shell mounts it, and the kit's API fake for each
 * test (`api().on(accounts.login, ...)`, `api().calls(accounts.login)`).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import {
  errorBody,
  fakeApi,
  installTestRuntimeConfig,
  renderWithProviders,
  TEST_RUNTIME_CONFIG,
  type FakeApi,
} from '@campus/shared/testing';
import App from '../App';
import { loadProfileScreen } from '../routes';

export { errorBody };
export const TEST_DOMAIN = 'campus.edu.ng';
export const TEST_UNIVERSITY = 'Campus University';

// /profile is a lazy chunk: compiling its modules on first use (orders, wishlist, product cards) can
// outlast a findBy's wait on a busy machine, so every file loads it first; rendering it stays lazy.
beforeAll(async () => {
  await loadProfileScreen();
});

let running: FakeApi | null = null;

/** Call in beforeEach: a fresh fake, this remote's university, clean storage. */
export function setupApi(): FakeApi {
  running?.restore();
  localStorage.clear();
  running = fakeApi();
  installTestRuntimeConfig({ university: { name: TEST_UNIVERSITY, emailDomain: TEST_DOMAIN } });
  return running;
}

/** The fake of the running test. */
export function api(): FakeApi {
  if (!running) throw new Error('Call setupApi() in beforeEach');
  return running;
}

/** Renders the remote's App at a path as the shell mounts it (its own pages beside it), with a user-event instance. */
export function renderApp(path: string, { fakeTimers = false }: { fakeTimers?: boolean } = {}) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  const result = renderWithProviders(
    <Routes>
      <Route path="/marketplace" element={<h1>Marketplace</h1>} />
      <Route path="*" element={<App />} />
    </Routes>,
    { route: path, probeLocation: true },
  );
  return { user, ...result };
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export { TEST_RUNTIME_CONFIG };
