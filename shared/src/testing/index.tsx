/**
 * The one browser test kit: render inside the providers the shell gives
 * (design system, a fresh query client, a memory router), put the shared
 * session store into a known state, answer API calls by endpoint
 * (`fakeApi`), and build entities (`fixtures`).
 * Test-only: never import this from app code.
 */
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient, setQueryClient } from '../browser/query';
import { makeSeller, makeUser } from './fixtures';
import { sessionStore, type SessionState } from '../browser/session-store';
import { DesignSystemProvider } from '../ui/provider';
import { PageSpinner } from '../ui/components/PageSpinner';
import { STORAGE_KEYS } from '../browser/storage';

export type SessionFixture = 'loading' | 'guest' | 'user' | 'seller';

/** Puts the shared session store into one of the usual states; the token goes to storage too, as signing in does. */
export function setSession(kind: SessionFixture, overrides: Partial<SessionState> = {}): void {
  const base: Partial<SessionState> = { token: null, user: null, seller: null, isSeller: false, status: 'ready' };
  if (kind === 'loading') Object.assign(base, { status: 'loading', token: 'test-token' });
  if (kind === 'user') Object.assign(base, { token: 'test-token', user: makeUser() });
  if (kind === 'seller') {
    const seller = makeSeller();
    Object.assign(base, {
      token: 'test-token',
      user: makeUser({ isSeller: true, sellerCompleted: true, seller }),
      seller,
      isSeller: true,
    });
  }
  const state = { ...base, ...overrides };
  if (state.token) localStorage.setItem(STORAGE_KEYS.token, state.token);
  else localStorage.removeItem(STORAGE_KEYS.token);
  sessionStore.setState(state);
}

/** Shows the router's current path so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location">
      {location.pathname}
      {location.search}
    </div>
  );
}

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial URL of the memory router. */
  route?: string;
  /** Set the session store before rendering. */
  session?: SessionFixture;
  /** Render <LocationProbe /> beside the element. */
  probeLocation?: boolean;
  /** A query client of the test's own (default: a fresh one, no retries). */
  queryClient?: QueryClient;
}

/** A query client for one test: nothing cached from another test, failures not retried. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } });
  return client;
}

/**
 * Renders inside DesignSystemProvider, a MemoryRouter and a Suspense boundary: the shell's
 * providers (minus BrowserRouter), and the boundary its route gives a remote's screens.
 */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}): RenderResult & { queryClient: QueryClient } {
  const { route = '/', session, probeLocation = false, queryClient = createTestQueryClient(), ...rest } = options;
  if (session) setSession(session);
  // Code that reaches the client outside React (getQueryClient) sees the same one.
  setQueryClient(queryClient);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <DesignSystemProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Suspense fallback={<PageSpinner label="Loading page" />}>{children}</Suspense>
          {probeLocation ? <LocationProbe /> : null}
        </MemoryRouter>
      </QueryClientProvider>
    </DesignSystemProvider>
  );
  return { ...render(ui, { wrapper: Wrapper, ...rest }), queryClient };
}

export * from './runtime-config';
export * from './fake-api';
export * from './fixtures';
export * from './label-in-name';
