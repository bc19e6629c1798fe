/**
 * Test helpers for every browser workspace: render inside the design system
 * and a memory router, and put the shared session store into a known state.
 * Test-only: never import this from app code.
 */
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { SellerSummary, User } from '../schemas/entities';
import { sessionStore, type SessionState } from '../browser/session-store';
import { DesignSystemProvider } from '../ui/provider';

export function makeSeller(overrides: Partial<SellerSummary> = {}): SellerSummary {
  return {
    id: 'seller-1',
    catalogueName: 'Ada Gadgets',
    storeDescription: 'Phones and chargers near Hall 3',
    bankName: 'GTBank',
    accountNumber: '0123456789',
    accountName: 'Ada Obi',
    phoneNumber: '08030000000',
    whatsappNumber: null,
    location: 'Hall 3',
    cataloguePicture: null,
    catalogueCover: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    name: 'Ada Obi',
    firstName: 'Ada',
    lastName: 'Obi',
    fullName: 'Ada Obi',
    displayName: null,
    email: 'ada@students.example.edu',
    role: 'Customer',
    profilePicture: null,
    emailVerified: true,
    isSeller: false,
    sellerCompleted: false,
    seller: null,
    cart: { id: 'cart-1' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export type SessionFixture = 'loading' | 'guest' | 'user' | 'seller';

/** Puts the shared session store (in memory only) into one of the usual states. */
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
  sessionStore.setState({ ...base, ...overrides });
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
}

/** Renders inside DesignSystemProvider and a MemoryRouter (the shell's providers, minus BrowserRouter). */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}): RenderResult {
  const { route = '/', session, probeLocation = false, ...rest } = options;
  if (session) setSession(session);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <DesignSystemProvider>
      <MemoryRouter initialEntries={[route]}>
        {children}
        {probeLocation ? <LocationProbe /> : null}
      </MemoryRouter>
    </DesignSystemProvider>
  );
  return render(ui, { wrapper: Wrapper, ...rest });
}

export * from './mock-api';
