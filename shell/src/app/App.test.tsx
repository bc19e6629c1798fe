import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router-dom';
import { handleUnauthorized } from '@campus/shared/api-client';
import { eventBus } from '@campus/shared/event-bus';
import type { RemoteName } from '@campus/shared/runtime-config';
import { sessionStore } from '@campus/shared/session';
import { fakeApi, makeSeller, makeUser, type FakeApi } from '@campus/shared/testing';
import { App } from './App';
import { REMOTE_ERROR_TITLE } from './remote/RemoteRoute';
import type { RemoteAppModule, RemoteLoader } from './remote/remote-loader';

// jsdom ignores media queries: responsive-hidden parts (desktop nav) count as hidden.
configure({ defaultHidden: true });

function ProductPage() {
  const { slug } = useParams();
  return <p>product {slug}</p>;
}

/** Stand-ins for the remotes' exposed App: descendant <Routes> with absolute paths, like the real ones. */
const FAKE_REMOTES: Record<RemoteName, RemoteAppModule> = {
  remoteAuth: {
    default: () => (
      <Routes>
        <Route path="/auth" element={<p>auth choice screen</p>} />
        <Route path="/login" element={<p>login screen</p>} />
        <Route path="/verify" element={<p>verify screen</p>} />
        <Route path="/profile" element={<p>profile screen</p>} />
      </Routes>
    ),
  },
  remoteMarketplace: {
    default: () => (
      <Routes>
        <Route path="/marketplace" element={<p>marketplace screen</p>} />
        <Route path="/product/:slug" element={<ProductPage />} />
      </Routes>
    ),
  },
  remoteCart: { default: () => <p>cart screen</p> },
  remoteSeller: {
    default: () => (
      <Routes>
        <Route path="/seller/onboarding" element={<p>onboarding screen</p>} />
        <Route path="/seller/orders" element={<p>orders screen</p>} />
      </Routes>
    ),
  },
  remoteMessages: { default: () => <p>chat screen</p> },
  remoteOps: { default: () => <p>operations console</p> },
};

const workingLoader: RemoteLoader = (remote) => Promise.resolve(FAKE_REMOTES[remote]);

let api: FakeApi;
beforeEach(() => {
  // Unanswered endpoints fail (500): these tests are about routing, not data.
  api = fakeApi();
  localStorage.clear();
  sessionStore.setState({ status: 'loading', token: null, user: null, seller: null, isSeller: false });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

function signInStored(seller = false, isOperator = false) {
  const sellerData = seller ? makeSeller() : null;
  localStorage.setItem('token', 'stored-token');
  localStorage.setItem('user', JSON.stringify(makeUser({ isSeller: seller, sellerCompleted: seller, seller: sellerData, isOperator })));
}

function start(path: string, loader: RemoteLoader = workingLoader) {
  window.history.pushState({}, '', path);
  return render(<App loadRemote={loader} />);
}

const desktopNav = () => within(screen.getByTestId('desktop-nav'));

describe('App', () => {
  it('renders the landing page with its calls to action and a page title', async () => {
    start('/');
    expect(screen.getByRole('heading', { level: 1, name: /Buy and sell on campus/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create Account/ })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Explore Listings' })).toHaveAttribute('href', '/marketplace');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Buy and sell with fellow students · Campus Marketplace'));
    // Session hydrated: a guest gets the guest navbar.
    expect(await desktopNav().findByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path', async () => {
    start('/no/such/page');
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toMatch(/^Page not found/));
  });

  it('treats an unknown /seller/... path as 404, without seller chrome', () => {
    signInStored(true);
    start('/seller/nonsense');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Order' })).not.toBeInTheDocument();
  });

  it('sends a guest who follows Explore Listings to /login (rendered by remote-auth)', async () => {
    start('/');
    await userEvent.click(screen.getByRole('link', { name: 'Explore Listings' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('hydrates a stored session and renders a signed-in remote route with its params', async () => {
    signInStored();
    start('/product/blue-kettle');
    expect(await screen.findByText('product blue-kettle')).toBeInTheDocument();
    expect(desktopNav().getByRole('link', { name: 'Sell' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from guest-only pages', async () => {
    signInStored();
    start('/login');
    expect(await screen.findByText('marketplace screen')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/marketplace');
  });

  it('sends a signed-in non-seller from a seller page to onboarding', async () => {
    signInStored();
    start('/seller/orders');
    expect(await screen.findByText('onboarding screen')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/seller/onboarding');
    expect(screen.queryByRole('button', { name: 'Accept Order' })).not.toBeInTheDocument();
  });

  it('wraps seller pages in seller chrome: title, side menu, Accept Order on the event bus', async () => {
    signInStored(true);
    const requested = jest.fn();
    const off = eventBus.on('order:completion-requested', requested);
    start('/seller/orders');
    expect(await screen.findByText('orders screen')).toBeInTheDocument();
    expect(screen.getByTestId('seller-page-title')).toHaveTextContent('Orders');
    const menu = within(screen.getByRole('navigation', { name: 'Seller menu' }));
    expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/seller/dashboard');
    expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/seller/settings');
    expect(desktopNav().getByRole('link', { name: 'Buyers' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept Order' }));
    expect(requested).toHaveBeenCalledTimes(1);
    off();
  });

  it('draws Accept Order busy and disabled until the seller remote, which answers it, is live', async () => {
    signInStored(true);
    let arrive: (module: RemoteAppModule) => void = () => undefined;
    const loader: RemoteLoader = (remote) =>
      remote === 'remoteSeller' ? new Promise((resolve) => (arrive = resolve)) : workingLoader(remote);
    start('/seller/orders', loader);
    const accept = await screen.findByRole('button', { name: 'Accept Order' });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAttribute('aria-busy', 'true');
    await act(async () => arrive(FAKE_REMOTES.remoteSeller));
    expect(await screen.findByText('orders screen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Order' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Accept Order' })).toHaveAttribute('aria-busy', 'false');
  });

  it('keeps the landing page, navbar and other remotes working when one remote is down', async () => {
    signInStored();
    const loader: RemoteLoader = (remote) =>
      remote === 'remoteCart' ? Promise.reject(new Error('remote-cart is down')) : workingLoader(remote);
    start('/cart', loader);
    expect(await screen.findByRole('heading', { name: REMOTE_ERROR_TITLE })).toBeInTheDocument();
    expect(desktopNav().getByRole('link', { name: 'Me' })).toBeInTheDocument();
    await userEvent.click(desktopNav().getByRole('link', { name: 'Me' }));
    expect(await screen.findByText('profile screen')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Campus Marketplace home' }));
    expect(screen.getByRole('link', { name: 'Explore Listings' })).toBeInTheDocument();
  });

  it('follows the 401 rule through the router: to /auth, session cleared', async () => {
    signInStored();
    start('/marketplace');
    await screen.findByText('marketplace screen');
    act(() => handleUnauthorized());
    expect(await screen.findByText('auth choice screen')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStore.getState().user).toBeNull();
  });

  it('renders the public content pages', async () => {
    start('/features');
    expect(await screen.findByRole('heading', { level: 1, name: 'Built for the way students trade' })).toBeInTheDocument();
    await userEvent.click(desktopNav().getByRole('link', { name: 'Client Stories' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Students buying from students' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Client Stories · Campus Marketplace'));
  });

  it('routes /chat to remote-messages for a signed-in user', async () => {
    signInStored();
    start('/chat');
    expect(await screen.findByText('chat screen')).toBeInTheDocument();
  });

  it('sends a guest at /chat to sign in', async () => {
    start('/chat');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });

  it('routes /ops to remote-ops for an operator only; a student is sent to the marketplace', async () => {
    signInStored(false, true);
    const { unmount } = start('/ops');
    expect(await screen.findByText('operations console')).toBeInTheDocument();
    unmount();
    localStorage.clear();
    signInStored(true, false);
    start('/ops/audit');
    await waitFor(() => expect(window.location.pathname).toBe('/marketplace'));
    expect(screen.queryByText('operations console')).not.toBeInTheDocument();
  });
});
