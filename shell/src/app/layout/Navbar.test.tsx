import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus } from '@campus/shared/event-bus';
import { sessionStore } from '@campus/shared/session';
import { mockApi, renderWithProviders, type ApiMock, type MockHandler } from '@campus/shared/testing';
import { Navbar } from './Navbar';

// jsdom ignores media queries, so the desktop nav (display: none below md) counts as hidden.
configure({ defaultHidden: true });

let api: ApiMock;
const notYet: MockHandler = () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found.' } });

function useApi(handler: MockHandler) {
  api.restore();
  api = mockApi(handler);
}

beforeEach(() => {
  api = mockApi(notYet);
  // The bus remembers the last counts; start every test from zero.
  eventBus.emit('cart:count-changed', { count: 0 });
  eventBus.emit('wishlist:count-changed', { count: 0 });
  localStorage.clear();
});
afterEach(() => api.restore());

const mainNav = () => within(screen.getByTestId('desktop-nav'));

describe('Navbar as a guest', () => {
  it('offers Features, How it works, Products, Client Stories, Sign In and Get Started', () => {
    renderWithProviders(<Navbar />, { session: 'guest' });
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/features');
    expect(nav.getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/how-it-works');
    expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(nav.getByRole('link', { name: 'Client Stories' })).toHaveAttribute('href', '/client-stories');
    expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    expect(nav.queryByRole('link', { name: /Cart/ })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('does not ask the API for counts', () => {
    renderWithProviders(<Navbar />, { session: 'guest' });
    expect(api.requests).toHaveLength(0);
  });

  it('shows neither set of links while a stored session is being checked', () => {
    renderWithProviders(<Navbar />, { session: 'loading' });
    expect(mainNav().queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('Navbar when signed in', () => {
  it('offers Chat, Sell, Me, Wishlist, Cart and Sign out', async () => {
    renderWithProviders(<Navbar />, { session: 'user', route: '/marketplace' });
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
    expect(nav.getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/seller/onboarding');
    expect(nav.getByRole('link', { name: 'Me' })).toHaveAttribute('href', '/profile');
    expect(nav.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(nav.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(nav.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Features' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Seller Dashboard' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.requests.map((r) => r.url).sort()).toEqual(['/cart', '/wishlist']));
  });

  it('shows Seller Dashboard instead of Sell for a seller', () => {
    renderWithProviders(<Navbar />, { session: 'seller', route: '/marketplace' });
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Seller Dashboard' })).toHaveAttribute('href', '/seller/dashboard');
    expect(nav.queryByRole('link', { name: 'Sell' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Chat' })).toBeInTheDocument();
  });

  it('labels Chat "Buyers" in seller mode', () => {
    renderWithProviders(<Navbar />, { session: 'seller', route: '/seller/orders' });
    expect(mainNav().getByRole('link', { name: 'Buyers' })).toHaveAttribute('href', '/chat');
    expect(mainNav().queryByRole('link', { name: 'Chat' })).not.toBeInTheDocument();
  });

  it('keeps "Chat" on onboarding and on a public catalogue', () => {
    renderWithProviders(<Navbar />, { session: 'seller', route: '/seller/abc/catalogue' });
    expect(mainNav().getByRole('link', { name: 'Chat' })).toBeInTheDocument();
  });

  it('signs out: clears the session and returns home', async () => {
    localStorage.setItem('token', 'test-token');
    renderWithProviders(<Navbar />, { session: 'user', route: '/marketplace', probeLocation: true });
    await userEvent.click(mainNav().getByRole('button', { name: 'Sign out' }));
    expect(sessionStore.getState().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(mainNav().getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });

  it('puts the same items in the mobile menu', async () => {
    renderWithProviders(<Navbar />, { session: 'seller', route: '/marketplace' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = within(await screen.findByTestId('mobile-nav'));
    for (const name of ['Chat', 'Seller Dashboard', 'Me', 'Wishlist', 'Cart']) {
      expect(mobile.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(mobile.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('Navbar badges', () => {
  it('follows cart and wishlist counts announced on the event bus, capped at 99+', async () => {
    renderWithProviders(<Navbar />, { session: 'user' });
    act(() => {
      eventBus.emit('cart:count-changed', { count: 150 });
      eventBus.emit('wishlist:count-changed', { count: 7 });
    });
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Cart (99+)' })).toHaveTextContent('99+');
    expect(nav.getByRole('link', { name: 'Wishlist (7)' })).toHaveTextContent('7');
    act(() => eventBus.emit('cart:count-changed', { count: 99 }));
    expect(nav.getByRole('link', { name: 'Cart (99)' })).toHaveTextContent('99');
  });

  it("drops the counts on sign-out, so the next student never sees the previous student's badges", async () => {
    renderWithProviders(<Navbar />, { session: 'user' });
    act(() => eventBus.emit('cart:count-changed', { count: 5 }));
    expect(mainNav().getByRole('link', { name: 'Cart (5)' })).toBeInTheDocument();
    act(() => sessionStore.getState().signOut());
    expect(await mainNav().findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(eventBus.lastPayload('cart:count-changed')).toBeUndefined();
    expect(screen.queryByTestId('count-badge')).not.toBeInTheDocument();
  });

  it('starts from the last count announced before it mounted', () => {
    eventBus.emit('cart:count-changed', { count: 4 });
    renderWithProviders(<Navbar />, { session: 'user' });
    expect(mainNav().getByRole('link', { name: 'Cart (4)' })).toBeInTheDocument();
  });

  it('fetches the initial counts from the API when signed in', async () => {
    useApi(({ url }) =>
      url === '/cart'
        ? { status: 200, body: { data: { cartId: 'c1', sellers: [], totals: { totalItems: 120, totalPrice: '0.00' } } } }
        : { status: 200, body: { data: [{ productId: 'a' }, { productId: 'b' }] } },
    );
    renderWithProviders(<Navbar />, { session: 'user' });
    expect(await mainNav().findByRole('link', { name: 'Cart (99+)' })).toBeInTheDocument();
    expect(await mainNav().findByRole('link', { name: 'Wishlist (2)' })).toBeInTheDocument();
  });

  it('ignores a failed count fetch and shows no badge', async () => {
    renderWithProviders(<Navbar />, { session: 'user' });
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(mainNav().getByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.queryByTestId('count-badge')).not.toBeInTheDocument();
  });

  it('does not let a slow fetch overwrite a newer count from the bus', async () => {
    let answerCart: (value: { status: number; body: unknown }) => void = () => undefined;
    useApi(({ url }) =>
      url === '/cart' ? new Promise((resolve) => (answerCart = resolve)) : { status: 200, body: { data: [] } },
    );
    renderWithProviders(<Navbar />, { session: 'user' });
    await waitFor(() => expect(api.requests.some((r) => r.url === '/cart')).toBe(true));
    act(() => eventBus.emit('cart:count-changed', { count: 5 }));
    await act(async () => answerCart({ status: 200, body: { data: { totals: { totalItems: 1 } } } }));
    expect(mainNav().getByRole('link', { name: 'Cart (5)' })).toBeInTheDocument();
  });
});
