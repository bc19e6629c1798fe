import { CATALOGUE_PLACEHOLDERS } from '@campus/shared/constants';
import { cart, sellers, wishlist } from '@campus/shared/endpoints';
import { conversationHref } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import {
  envelope,
  fakeApi,
  heldReply,
  renderWithProviders,
  withParams,
  type FakeApi,
  type SessionFixture,
  labelInNameMismatches,
} from '@campus/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../App';
import { makeProduct } from '@campus/shared/testing';
import type { SellerCatalogue } from '../features/catalogue/api/get-seller-catalogue';
import { RATING_COMING_SOON } from '../features/catalogue/components/RateSeller';

const product = (id: string, name: string, price: string, createdAt: string, category: string, averageRating = 0) =>
  makeProduct({
    id,
    slug: `${id}-slug`,
    name,
    description: `${name} in good condition`,
    price,
    stockQuantity: 3,
    imageUrls: [],
    createdAt,
    averageRating,
    categoryId: category.toLowerCase(),
    category: { id: category.toLowerCase(), name: category },
    seller: { id: 'seller-1', catalogueName: 'Ada Gadgets' },
  });

const PRODUCTS = [
  product('b', 'Novel', '4500.00', '2026-03-01T00:00:00Z', 'Books', 5),
  product('c', 'Earbuds', '15000.00', '2026-02-01T00:00:00Z', 'Electronics', 4),
  product('a', 'Charger', '3000.00', '2026-01-01T00:00:00Z', 'Electronics', 3),
];

function store(overrides: Partial<SellerCatalogue> = {}): SellerCatalogue {
  const products = overrides.products ?? PRODUCTS;
  return {
    id: 'seller-1',
    catalogueName: 'Ada Gadgets',
    catalogueCover: null,
    storeDescription: 'Phones and chargers near Hall 3',
    location: 'Hall 3',
    createdAt: '2025-09-15T00:00:00.000Z',
    averageRating: 4.2,
    cataloguePicture: null,
    user: { name: 'Ada Obi', firstName: 'Ada', profilePicture: null },
    _count: { products: 3 },
    categories: [
      { id: 'books', name: 'Books', productCount: 1 },
      { id: 'electronics', name: 'Electronics', productCount: 2 },
    ],
    pagination: { currentPage: 1, totalPages: 1, totalItems: products.length, itemsPerPage: 24 },
    ...overrides,
    products,
  };
}

/** GET /sellers/seller-1/catalogue: the store these tests open. */
const storeCatalogue = withParams(sellers.getSellerCatalogue, { id: 'seller-1' });

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .ok(cart.getCart, { cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } })
    .ok(wishlist.getWishlist, []);
});

function open(data: SellerCatalogue = store(), session: SessionFixture = 'user') {
  api.ok(storeCatalogue, data);
  return renderWithProviders(<App />, { route: '/seller/seller-1/catalogue', session });
}

const cardNames = () =>
  within(screen.getByRole('list', { name: /Ada Gadgets products/ }))
    .getAllByRole('article')
    .map((a) => within(a).getAllByRole('link')[0]?.textContent);

describe('CataloguePage', () => {
  it('shows loading, then the store with real figures', async () => {
    open();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Gadgets' })).toBeInTheDocument();
    expect(screen.getByText('by Ada Obi')).toBeInTheDocument();
    expect(screen.getByText('Phones and chargers near Hall 3')).toBeInTheDocument();
    expect(screen.getByTestId('catalogue-rating')).toHaveTextContent('4.2');
    expect(screen.getByText('0 sales')).toBeInTheDocument();
    const stats = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(stats).toEqual(['3', CATALOGUE_PLACEHOLDERS.responseTime, 'September 2025']);
    expect(screen.getByRole('link', { name: 'Charger' })).toHaveAttribute('href', '/product/a-slug');
  });

  it('uses the spec placeholder rating only while nobody has rated the store', async () => {
    open(store({ averageRating: 0 }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByTestId('catalogue-rating')).toHaveTextContent(String(CATALOGUE_PLACEHOLDERS.rating));
    // The API always knows when the store opened, so Member Since is the real month, never the placeholder.
    expect(screen.getAllByRole('definition')[2]).toHaveTextContent('September 2025');
  });

  it('a visitor sees Message Seller (a link to the conversation with this store), the star rating and cart/wishlist buttons', async () => {
    open();
    await screen.findByRole('heading', { level: 1 });
    expect(await screen.findByRole('button', { name: 'Add to Cart: Charger' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Charger to wishlist' })).toBeInTheDocument();
    const message = screen.getByRole('link', { name: 'Message Seller' });
    expect(message).toHaveAttribute('href', conversationHref({ sellerId: 'seller-1' }));
    expect(message).toHaveAttribute('href', '/chat?seller=seller-1');
    await userEvent.click(screen.getByRole('button', { name: 'Rate 4 stars' }));
    expect(screen.getByTestId('notice')).toHaveTextContent(RATING_COMING_SOON);
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('the owner sees no Message Seller, no star rating, no cart or wishlist buttons', async () => {
    open(store(), 'seller');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Your store')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Message Seller/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Message Seller/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Rate this seller' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add to Cart|wishlist|Out of Stock/ })).toBeNull();
    expect(api.calls(cart.getCart).length).toBe(0);
    // Their store is theirs to share.
    expect(screen.getByRole('button', { name: 'Share this store' })).toBeInTheDocument();
  });

  it('a visitor can share the store: the WhatsApp link carries its address', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Share this store' }));
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain(
      encodeURIComponent(`${window.location.origin}/seller/seller-1/catalogue`),
    );
  });

  it('category chips, search and sort ask the API (newest first by default) and show its answer', async () => {
    const asked: Array<Record<string, unknown>> = [];
    api.on(storeCatalogue, ({ query }) => {
      asked.push(query);
      const electronics = PRODUCTS.filter((p) => p.categoryId === 'electronics');
      if (query.q === 'nov') return { status: 200, body: envelope(store({ products: [PRODUCTS[0]!] })) };
      if (query.q) return { status: 200, body: envelope(store({ products: [] })) };
      if (query.category === 'electronics')
        return { status: 200, body: envelope(store({ products: query.sort === 'price-low' ? [...electronics].reverse() : electronics })) };
      return { status: 200, body: envelope(store()) };
    });
    renderWithProviders(<App />, { route: '/seller/seller-1/catalogue', session: 'user' });
    await screen.findByRole('heading', { level: 1 });
    expect(cardNames()).toEqual(['Novel', 'Earbuds', 'Charger']);
    expect(asked.at(-1)).toEqual({ sort: 'newest', page: 1 });

    await userEvent.click(screen.getByRole('button', { name: 'Electronics' }));
    await waitFor(() => expect(cardNames()).toEqual(['Earbuds', 'Charger']));
    expect(asked.at(-1)).toEqual({ sort: 'newest', page: 1, category: 'electronics' });
    expect(screen.getByRole('button', { name: 'Electronics' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-low');
    await waitFor(() => expect(cardNames()).toEqual(['Charger', 'Earbuds']));
    expect(asked.at(-1)).toEqual({ sort: 'price-low', page: 1, category: 'electronics' });

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search this store' }), 'nov');
    await waitFor(() => expect(cardNames()).toEqual(['Novel']));
    // One request for the pause in typing, not one per key.
    expect(asked.filter((q) => q.q !== undefined)).toEqual([{ sort: 'price-low', page: 1, q: 'nov' }]);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search this store' }), 'xyz');
    expect(await screen.findByText(MESSAGES.products.noneForQuery('novxyz'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all products' }));
    await waitFor(() => expect(cardNames()).toEqual(['Novel', 'Earbuds', 'Charger']));
    expect(screen.getByRole('searchbox', { name: 'Search this store' })).toHaveValue('');
  });

  it('pages through the store: the page goes to the API, and a new filter starts again at page 1', async () => {
    const next = heldReply();
    api.on(storeCatalogue, ({ query }) => {
      if (query.page === 2) return next.reply;
      return { status: 200, body: envelope(store({ pagination: { currentPage: 1, totalPages: 3, totalItems: 60, itemsPerPage: 24 } })) };
    });
    renderWithProviders(<App />, { route: '/seller/seller-1/catalogue', session: 'user' });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    // While page 2 loads, the store and page 1 stay on screen, marked busy.
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Gadgets' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: /Ada Gadgets products/ }).closest('[aria-busy="true"]')).not.toBeNull();
    next.release({
      status: 200,
      body: envelope(
        store({
          products: [product('d', 'Kettle', '9000.00', '2025-12-01T00:00:00Z', 'Electronics')],
          pagination: { currentPage: 2, totalPages: 3, totalItems: 60, itemsPerPage: 24 },
        }),
      ),
    });
    await waitFor(() => expect(cardNames()).toEqual(['Kettle']));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Books' }));
    await waitFor(() => expect(api.requests.at(-1)?.query).toEqual({ sort: 'newest', page: 1, category: 'books' }));
  });

  it('an empty store shows the empty state', async () => {
    open(store({ products: [], _count: { products: 0 } }));
    expect(await screen.findByText(MESSAGES.products.noneAvailable)).toBeInTheDocument();
  });

  it("an unknown seller shows 'Seller Not Found' with the message and a link back", async () => {
    api.fail(withParams(sellers.getSellerCatalogue, { id: 'ghost' }), 404, 'Seller not found');
    renderWithProviders(<App />, { route: '/seller/ghost/catalogue', session: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.seller.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText('Seller not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Marketplace/ })).toHaveAttribute('href', '/marketplace');
  });
});
