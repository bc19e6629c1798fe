import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, setSession } from '@campus/shared/testing';
import { GuestOnly, RequireSeller, RequireToken, RequireUser } from './Guards';

function Table() {
  return (
    <Routes>
      <Route element={<RequireUser />}>
        <Route path="/marketplace" element={<p>marketplace page</p>} />
        <Route path="/product/:slug" element={<p>product page</p>} />
      </Route>
      <Route element={<GuestOnly />}>
        <Route path="/login" element={<p>login page</p>} />
      </Route>
      <Route element={<RequireSeller />}>
        <Route path="/seller/dashboard" element={<p>dashboard page</p>} />
      </Route>
      <Route element={<RequireToken />}>
        <Route path="/profile" element={<p>profile page</p>} />
      </Route>
      <Route path="/auth" element={<p>auth page</p>} />
      <Route path="/seller/onboarding" element={<p>onboarding page</p>} />
    </Routes>
  );
}

const render = (route: string, session: 'loading' | 'guest' | 'user' | 'seller' | undefined) =>
  renderWithProviders(<Table />, { route, session, probeLocation: true });

describe('RequireUser (signed-in pages)', () => {
  it('draws the page before the session is read (the HTML the server sends holds the screen), and sends a guest on once read', () => {
    setSession('guest', { status: 'loading' });
    render('/marketplace', undefined);
    expect(screen.getByText('marketplace page')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your session' })).not.toBeInTheDocument();
    act(() => setSession('guest'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?next=%2Fmarketplace$/);
  });

  it('shows a spinner, not the page and not a redirect, while a stored session is being restored', () => {
    render('/marketplace', 'loading');
    expect(screen.getByRole('status', { name: 'Loading your session' })).toBeInTheDocument();
    expect(screen.queryByText('marketplace page')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/marketplace');
  });

  it('redirects a guest to /login, carrying the page asked for (path and query)', () => {
    render('/marketplace?query=lamp&page=2', 'guest');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?next=%2Fmarketplace%3Fquery%3Dlamp%26page%3D2$/);
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('renders the page for a signed-in user', () => {
    render('/marketplace', 'user');
    expect(screen.getByText('marketplace page')).toBeInTheDocument();
  });
});

describe('RequireToken (the profile page, spec section 2)', () => {
  it('sends a visitor without a token to /auth, not /login', () => {
    render('/profile', 'guest');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
  });

  it('shows a spinner while the session loads and the page once signed in', () => {
    render('/profile', 'loading');
    expect(screen.getByRole('status', { name: 'Loading your session' })).toBeInTheDocument();
  });

  it('renders the page for a signed-in user', () => {
    render('/profile', 'user');
    expect(screen.getByText('profile page')).toBeInTheDocument();
  });
});

describe('GuestOnly (guest-only pages)', () => {
  it('renders for a guest', () => {
    render('/login', 'guest');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('sends a signed-in user to the safe page ?next= names, never to another origin', () => {
    render('/login?next=%2Fproduct%2Fred-shoes%3Fref%3Dwa', 'user');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/product\/red-shoes\?ref=wa$/);
  });

  it.each(['%2F%2Fevil.com', '%2F%5Cevil.com', 'https%3A%2F%2Fevil.com%2Fproduct%2Fx'])(
    'sends a signed-in user with ?next=%s to /marketplace',
    (next) => {
      render(`/login?next=${next}`, 'user');
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/marketplace$/);
    },
  );

  it('sends a signed-in user to /marketplace', () => {
    render('/login', 'user');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/marketplace$/);
    expect(screen.getByText('marketplace page')).toBeInTheDocument();
  });

  it('draws the page as for a guest before the session is read (the HTML the server sends holds the form)', () => {
    setSession('guest', { status: 'loading' });
    render('/login', undefined);
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your session' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('shows the spinner, not a form to sign in with, while a stored session is being restored', () => {
    render('/login', 'loading');
    expect(screen.getByRole('status', { name: 'Loading your session' })).toBeInTheDocument();
    expect(screen.queryByText('login page')).not.toBeInTheDocument();
  });
});

describe('RequireSeller (seller pages)', () => {
  it('sends a signed-in non-seller to /seller/onboarding', () => {
    render('/seller/dashboard', 'user');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/seller\/onboarding$/);
    expect(screen.queryByText('dashboard page')).not.toBeInTheDocument();
  });

  it('sends a guest to /login', () => {
    render('/seller/dashboard', 'guest');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?next=%2Fseller%2Fdashboard$/);
  });

  it('renders the page for a seller', () => {
    render('/seller/dashboard', 'seller');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('shows the spinner while the session loads', () => {
    render('/seller/dashboard', 'loading');
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(screen.queryByText('dashboard page')).not.toBeInTheDocument();
  });
});
