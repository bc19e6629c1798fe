import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus } from '@campus/shared/event-bus';
import { sessionStore } from '@campus/shared/session';
import { cart as cartEndpoints, messages as messageEndpoints, wishlist as wishlistEndpoints } from '@campus/shared/endpoints';
import { getQueryClient } from '@campus/shared/query';
import { cartChanged } from '@campus/shared/queries';
import { queryKeys } from '@campus/shared/query-keys';
import type { Cart } from '@campus/shared/schemas';
import {
  createTestQueryClient,
  fakeApi,
  heldReply,
  makeCart,
  makeChatMessage,
  makeConversation,
  makeWishlistEntry,
  makeProduct,
  makeUser,
  renderWithProviders,
  type FakeApi,
  labelInNameMismatches,
} from '@campus/shared/testing';
import { Navbar } from './Navbar';

// jsdom ignores media queries, so the desktop nav (display: none below md) counts as hidden.
configure({ defaultHidden: true });

let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  localStorage.clear();
  // The counts start once the page's main content has shown (main-content.ts has its own tests).
  eventBus.emit('page:main-content-shown', { path: '/marketplace' });
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

  it('draws the guest links before the session is read (the prerendered page), marked to hide under a stored session', () => {
    renderWithProviders(<Navbar />, { session: 'loading' });
    expect(mainNav().getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(mainNav().getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    expect(screen.getByTestId('desktop-nav')).toHaveAttribute('data-session-pending');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('data-session-pending');
  });

  it('leaves the guest links unmarked once the session is read', () => {
    renderWithProviders(<Navbar />, { session: 'guest' });
    expect(screen.getByTestId('desktop-nav')).not.toHaveAttribute('data-session-pending');
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
    await waitFor(() => expect(api.requests.map((r) => r.url).sort()).toEqual(['/cart', '/messages/conversations', '/wishlist']));
  });

  it('shows Seller Dashboard instead of Sell for a seller', () => {
    renderWithProviders(<Navbar />, { session: 'seller', route: '/marketplace' });
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Seller Dashboard' })).toHaveAttribute('href', '/seller/dashboard');
    expect(nav.queryByRole('link', { name: 'Sell' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Chat' })).toBeInTheDocument();
  });

  it('labels Chat "Buyers" in seller mode, opening the store\'s inbox', () => {
    renderWithProviders(<Navbar />, { session: 'seller', route: '/seller/orders' });
    expect(mainNav().getByRole('link', { name: 'Buyers' })).toHaveAttribute('href', '/chat?inbox=buyers');
    expect(mainNav().queryByRole('link', { name: 'Chat' })).not.toBeInTheDocument();
  });

  it('keeps "Buyers" on the store\'s inbox, and "Chat" on the student\'s own', () => {
    const { unmount } = renderWithProviders(<Navbar />, { session: 'seller', route: '/chat?inbox=buyers' });
    expect(mainNav().getByRole('link', { name: 'Buyers' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<Navbar />, { session: 'seller', route: '/chat' });
    expect(mainNav().getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
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
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  describe('on a phone (below the md breakpoint)', () => {
    // The test set-up answers width queries for jsdom's window (tooling/jest.polyfills.cjs).
    const laptopWidth = window.innerWidth;
    const narrow = () => {
      window.innerWidth = 360;
    };
    afterEach(() => {
      window.innerWidth = laptopWidth;
    });

    it('draws no hidden bar links once the session is read; the menu has every item', async () => {
      narrow();
      renderWithProviders(<Navbar />, { session: 'user', route: '/marketplace' });
      expect(screen.getByTestId('desktop-nav')).toBeEmptyDOMElement();
      await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      const mobile = within(await screen.findByTestId('mobile-nav'));
      for (const name of ['Chat', 'Sell', 'Me', 'Wishlist', 'Cart']) expect(mobile.getByRole('link', { name })).toBeInTheDocument();
    });

    it('keeps the cart, with its count, in sight beside the menu once the session is read', async () => {
      narrow();
      api.ok(cartEndpoints.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 3 }]));
      renderWithProviders(<Navbar />, { session: 'user', route: '/marketplace' });
      const cart = await screen.findByRole('link', { name: 'Cart, 3 items' });
      expect(cart).toHaveAttribute('href', '/cart');
      expect(screen.getByTestId('desktop-nav')).not.toContainElement(cart);
      // One cart entry on the page, so a test or a screen reader never meets two.
      expect(screen.getAllByTestId('nav-cart')).toHaveLength(1);
    });

    it('draws no phone cart for a guest or while the session is read', () => {
      narrow();
      renderWithProviders(<Navbar />, { session: 'loading' });
      expect(screen.queryByTestId('nav-cart')).not.toBeInTheDocument();
    });

    it("keeps the server's guest links while the session is read (hydration matches the page)", () => {
      narrow();
      renderWithProviders(<Navbar />, { session: 'loading' });
      expect(mainNav().getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    });
  });

  it('swaps the guest links for the signed-in ones when the session is read', async () => {
    renderWithProviders(<Navbar />, { session: 'loading', route: '/marketplace' });
    expect(mainNav().getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    localStorage.setItem('token', 'test-token');
    localStorage.setItem('user', JSON.stringify(makeUser()));
    await act(() => sessionStore.getState().hydrate());
    expect(await mainNav().findByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(mainNav().queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});

describe('Navbar badges', () => {
  it('follows cart and wishlist counts announced on the event bus, capped at 99+', async () => {
    // The bus carries the event; the badge shows the cart the event makes the page read again.
    let inCart = 150;
    api.on(cartEndpoints.getCart, () => ({
      status: 200,
      body: { data: makeCart([{ id: 'i1', productId: 'p1', quantity: inCart, stock: 500 }]) },
    }));
    api.ok(
      wishlistEndpoints.getWishlist,
      Array.from({ length: 7 }, (_, i) => makeWishlistEntry(makeProduct({ id: `w${i}` }))),
    );
    renderWithProviders(<Navbar />, { session: 'user' });
    const nav = mainNav();
    expect(await nav.findByRole('link', { name: 'Cart, 99+ items' })).toHaveTextContent('99+');
    expect(await nav.findByRole('link', { name: 'Wishlist, 7 items' })).toHaveTextContent('7');
    inCart = 99;
    act(() => eventBus.emit('cart:count-changed', { count: 99 }));
    expect(await nav.findByRole('link', { name: 'Cart, 99 items' })).toHaveTextContent('99');
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it("drops the counts on sign-out, so the next student never sees the previous student's badges", async () => {
    api.ok(cartEndpoints.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 5 }]));
    renderWithProviders(<Navbar />, { session: 'user' });
    expect(await mainNav().findByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();
    act(() => sessionStore.getState().signOut());
    expect(await mainNav().findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(getQueryClient().getQueryData<Cart>(queryKeys.cart.all())?.totals.totalItems ?? 0).toBe(0);
    expect(screen.queryByTestId('count-badge')).not.toBeInTheDocument();
  });

  it("starts from the cart already in the page's query cache, without reading it again", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.cart.all(), makeCart([{ id: 'i1', productId: 'p1', quantity: 4 }]));
    renderWithProviders(<Navbar />, { session: 'user', queryClient });
    expect(await mainNav().findByRole('link', { name: 'Cart, 4 items' })).toBeInTheDocument();
    expect(api.calls(cartEndpoints.getCart)).toHaveLength(0);
    // At a laptop's width the bar holds the only cart entry.
    expect(screen.getAllByTestId('nav-cart')).toHaveLength(1);
  });

  it('reads the initial counts from the cart and wishlist queries when signed in', async () => {
    api.ok(cartEndpoints.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 120, stock: 500 }]));
    api.ok(wishlistEndpoints.getWishlist, [makeWishlistEntry(makeProduct({ id: 'a' })), makeWishlistEntry(makeProduct({ id: 'b' }))]);
    renderWithProviders(<Navbar />, { session: 'user' });
    expect(await mainNav().findByRole('link', { name: 'Cart, 99+ items' })).toBeInTheDocument();
    expect(await mainNav().findByRole('link', { name: 'Wishlist, 2 items' })).toBeInTheDocument();
    expect(api.requests.map((r) => r.endpoint.name).sort()).toEqual(['cart.get', 'messages.listConversations', 'wishlist.get']);
  });

  it('ignores a failed count read and shows no badge', async () => {
    api.fail(cartEndpoints.getCart, 500).fail(wishlistEndpoints.getWishlist, 500).fail(messageEndpoints.listConversations, 500);
    renderWithProviders(<Navbar />, { session: 'user' });
    await waitFor(() => expect(api.requests).toHaveLength(3));
    expect(mainNav().getByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.queryByTestId('count-badge')).not.toBeInTheDocument();
  });

  it('follows a cart change made on the page, and a slow read started before it cannot overwrite it', async () => {
    const slowCart = heldReply();
    api.on(cartEndpoints.getCart, () => slowCart.reply);
    api.ok(wishlistEndpoints.getWishlist, []);
    renderWithProviders(<Navbar />, { session: 'user' });
    await waitFor(() => expect(api.calls(cartEndpoints.getCart)).toHaveLength(1));
    await act(() => cartChanged(makeCart([{ id: 'i1', productId: 'p1', quantity: 5 }])));
    await act(async () => slowCart.release({ status: 200, body: { data: makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }]) } }));
    expect(mainNav().getByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();
  });
});

describe('Navbar unread messages', () => {
  it("shows the unread total on Chat, follows the stream's total and clears at zero", async () => {
    api.ok(messageEndpoints.listConversations, { conversations: [makeConversation({ unread: 3 })], unreadTotal: 3 });
    renderWithProviders(<Navbar />, { session: 'user', route: '/marketplace' });
    const chat = await mainNav().findByRole('link', { name: 'Chat 3 unread messages' });
    expect(chat).toHaveAttribute('href', '/chat');
    expect(within(chat).getByTestId('chat-unread')).toHaveTextContent('3');
    // The live stream writes its unread-total into the same query.
    act(() => getQueryClient().setQueryData(queryKeys.messages.conversations(), { conversations: [makeConversation()], unreadTotal: 0 }));
    expect(await mainNav().findByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByTestId('chat-unread')).not.toBeInTheDocument();
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('shows a notice with a link for a message from the other side, not for my own, and not on /chat', async () => {
    api.ok(messageEndpoints.listConversations, { conversations: [makeConversation()], unreadTotal: 0 });
    renderWithProviders(<Navbar />, { session: 'user', route: '/marketplace' });
    await waitFor(() => expect(api.calls(messageEndpoints.listConversations)).toHaveLength(1));
    await screen.findByRole('status');
    const mine = makeChatMessage({ id: 'm-mine', senderId: 'user-1', from: 'buyer', text: 'from me' });
    act(() => eventBus.emit('messages:received', { conversationId: 'conv-1', message: mine }));
    expect(screen.queryByTestId('message-notice')).not.toBeInTheDocument();
    const theirs = makeChatMessage({ id: 'm-2', seq: 2, senderId: 'seller-user', from: 'seller', text: 'Yes, still here' });
    act(() => eventBus.emit('messages:received', { conversationId: 'conv-1', message: theirs }));
    const notice = await screen.findByTestId('message-notice');
    expect(notice).toHaveTextContent('New message from Hostel Hacks');
    expect(notice).toHaveTextContent('Yes, still here');
    expect(within(notice).getByRole('link', { name: 'Open conversation' })).toHaveAttribute('href', '/chat?c=conv-1');
  });

  it('names the sender of a conversation new to the page once the list is read again', async () => {
    let conversations = [] as ReturnType<typeof makeConversation>[];
    api.on(messageEndpoints.listConversations, () => ({
      status: 200,
      body: { data: { conversations, unreadTotal: conversations.length } },
    }));
    renderWithProviders(<Navbar />, { session: 'seller', route: '/seller/orders' });
    await waitFor(() => expect(api.calls(messageEndpoints.listConversations)).toHaveLength(1));
    const fresh = makeConversation({ id: 'conv-9', role: 'seller', buyer: { id: 'b9', name: 'Bola Ade' } });
    conversations = [fresh];
    const first = makeChatMessage({ id: 'm-9', conversationId: 'conv-9', senderId: 'b9', text: 'Hi, is it available?' });
    act(() => eventBus.emit('messages:received', { conversationId: 'conv-9', message: first }));
    expect(await screen.findByTestId('message-notice')).toHaveTextContent('Hi, is it available?');
    await waitFor(() => expect(screen.getByTestId('message-notice')).toHaveTextContent('New message from Bola Ade'));
  });

  it('shows no notice on the chat screen itself', async () => {
    api.ok(messageEndpoints.listConversations, { conversations: [], unreadTotal: 0 });
    renderWithProviders(<Navbar />, { session: 'user', route: '/chat' });
    await screen.findByRole('status');
    const theirs = makeChatMessage({ senderId: 'seller-user', from: 'seller' });
    act(() => eventBus.emit('messages:received', { conversationId: 'conv-1', message: theirs }));
    expect(screen.queryByTestId('message-notice')).not.toBeInTheDocument();
  });
});
