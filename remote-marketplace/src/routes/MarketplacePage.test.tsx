import { cart, categories, wishlist } from '@campus/shared/endpoints';
import { eventBus } from '@campus/shared/event-bus';
import { MESSAGES } from '@campus/shared/messages';
import { envelope, fakeApi, heldReply, renderWithProviders, labelInNameMismatches } from '@campus/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import App from '../App';
import type * as CardModule from '../features/search/components/ProductHitCard';
import type { SearchRequest } from '../lib/search-client';
import { makeRecord } from '@campus/shared/testing';
import { fakeSearch, isSuggestionRequest, searchAnswer } from '../test/fake-search';
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from '../lib/highlight';

const runSearchMock = fakeSearch();

/** Each card drawn, by product: the real card, counted (the grid is memoised: a render that leaves the hits alone skips it). */
const mockCardDrawn = jest.fn<void, [string]>();
jest.mock('../features/search/components/ProductHitCard', () => {
  const actual: typeof CardModule = jest.requireActual('../features/search/components/ProductHitCard');
  return {
    ProductHitCard(props: Parameters<typeof actual.ProductHitCard>[0]) {
      mockCardDrawn(props.hit.objectID);
      return actual.ProductHitCard(props);
    },
  };
});

const resultCalls = () => runSearchMock.mock.calls.map(([r]) => r).filter((r) => !isSuggestionRequest(r));
const suggestionCalls = () => runSearchMock.mock.calls.map(([r]) => r).filter(isSuggestionRequest);
const lastResultCall = (): SearchRequest | undefined => resultCalls().at(-1);

function BackForward() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate(-1)}>test-back</button>
      <button onClick={() => navigate(1)}>test-forward</button>
    </>
  );
}

function renderMarketplace(route = '/marketplace') {
  return renderWithProviders(
    <>
      <App />
      <BackForward />
    </>,
    { route, session: 'user', probeLocation: true },
  );
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  runSearchMock.mockReset();
  fakeApi()
    .ok(categories.listCategories, [
      { id: 'c1', name: 'Electronics' },
      { id: 'c2', name: 'Books' },
    ])
    .ok(cart.getCart, { cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } })
    .ok(wishlist.getWishlist, []);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('MarketplacePage', () => {
  it('shows placeholders while loading, then lists all products when there is no query', async () => {
    let release!: () => void;
    runSearchMock.mockImplementation(
      () =>
        new Promise(
          (resolve) =>
            (release = () =>
              resolve(
                searchAnswer([
                  makeRecord(),
                  makeRecord({ objectID: 'p2', productId: 'p2', name: 'Desk Lamp', slug: 'desk-lamp' }),
                ]) as never,
              )),
        ),
    );
    renderMarketplace();
    expect(await screen.findByTestId('products-loading')).toBeInTheDocument();
    act(() => release());
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    expect(lastResultCall()).toMatchObject({ query: '', page: 0, hitsPerPage: 10, indexName: 'products', filters: '' });
    expect(screen.getByRole('link', { name: 'Desk Lamp' })).toHaveAttribute('href', '/product/desk-lamp');
    expect(screen.getAllByRole('link', { name: 'Tech Hub' })[0]).toHaveAttribute('href', '/seller/seller-2/catalogue');
  });

  it('asks the API nothing (categories, cart, wishlist) until the first results show, then fills the filter and the buttons', async () => {
    // ... and tells the page then, once, so the shell's navbar counts start after the results too.
    const announced: string[] = [];
    const stopListening = eventBus.on('page:main-content-shown', ({ path }) => announced.push(path));
    let release!: () => void;
    runSearchMock.mockImplementation(() => new Promise((resolve) => (release = () => resolve(searchAnswer([makeRecord()]) as never))));
    const api = fakeApi()
      .ok(categories.listCategories, [{ id: 'c1', name: 'Electronics' }])
      .ok(cart.getCart, { cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } })
      .ok(wishlist.getWishlist, []);
    renderMarketplace();
    expect(await screen.findByTestId('products-loading')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.requests).toEqual([]);
    expect(announced).toEqual([]);
    act(() => release());
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    await waitFor(() => expect(announced).toEqual(['/marketplace']));
    stopListening();
    await waitFor(() => expect(api.calls(categories.listCategories)).toHaveLength(1));
    expect(await screen.findByRole('option', { name: 'Electronics' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls(cart.getCart).length + api.calls(wishlist.getWishlist).length).toBeGreaterThan(0));
  });

  it("draws the cards once per answer: the categories' later answer leaves them alone (a slow phone's longest task)", async () => {
    runSearchMock.mockResolvedValue(searchAnswer([makeRecord(), makeRecord({ objectID: 'p2', productId: 'p2', slug: 'p2' })]) as never);
    const held = heldReply();
    const api = fakeApi()
      .on(categories.listCategories, () => held.reply)
      .ok(cart.getCart, { cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } })
      .ok(wishlist.getWishlist, []);
    renderMarketplace();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    await waitFor(() => expect(api.calls(categories.listCategories)).toHaveLength(1));
    mockCardDrawn.mockClear();
    act(() => held.release({ status: 200, body: envelope([{ id: 'c1', name: 'Electronics' }]) }));
    expect(await screen.findByRole('option', { name: 'Electronics' })).toBeInTheDocument();
    expect(mockCardDrawn).not.toHaveBeenCalled();
  });

  it("loads the first screen's photos at once, at high priority, and the rest lazily (the largest paint is a card's photo)", async () => {
    const records = Array.from({ length: 6 }, (_, i) =>
      makeRecord({ objectID: `p${i}`, productId: `p${i}`, name: `Item ${i}`, slug: `item-${i}`, imageUrls: [`/img/item-${i}.jpg`] }),
    );
    runSearchMock.mockResolvedValue(searchAnswer(records) as never);
    renderMarketplace();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(6);
    const photos = records.map((r) => screen.getByAltText(r.name));
    expect(photos.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect(photos.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'high', 'high', 'high', 'auto', 'auto']);
  });

  it('opens a shared ?query= link with that search and highlights matches as <mark>', async () => {
    runSearchMock.mockResolvedValue(
      searchAnswer([
        { ...makeRecord(), _highlightResult: { name: { value: `${HIGHLIGHT_PRE_TAG}iPhone${HIGHLIGHT_POST_TAG} 12` } } } as never,
      ]) as never,
    );
    renderMarketplace('/marketplace?query=iphnoe');
    await screen.findAllByTestId('product-card');
    expect(lastResultCall()?.query).toBe('iphnoe');
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('iphnoe');
    const link = screen.getByRole('link', { name: 'iPhone 12' });
    expect(within(link).getByText('iPhone').tagName).toBe('MARK');
  });

  it('shows the empty states for a query and for no query', async () => {
    runSearchMock.mockResolvedValue(searchAnswer([]) as never);
    const { unmount } = renderMarketplace('/marketplace?query=unicorn');
    expect(await screen.findByText(MESSAGES.products.noneForQuery('unicorn'))).toBeInTheDocument();
    unmount();
    renderMarketplace('/marketplace');
    expect(await screen.findByText(MESSAGES.products.noneAvailable)).toBeInTheDocument();
  });

  it('shows the search error with a retry that works, and the load error without a query', async () => {
    runSearchMock.mockRejectedValue(new Error('down'));
    const first = renderMarketplace('/marketplace?query=phone');
    expect(await screen.findByText(MESSAGES.products.searchFailed)).toBeInTheDocument();
    runSearchMock.mockResolvedValue(searchAnswer([makeRecord()]) as never);
    await userEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    first.unmount();

    runSearchMock.mockRejectedValue(new Error('down'));
    renderMarketplace('/marketplace');
    expect(await screen.findByText(MESSAGES.products.loadFailed)).toBeInTheDocument();
  });

  it('debounces typing by 150 ms: suggestions and the URL follow only after the pause', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    runSearchMock.mockImplementation(
      async (req) =>
        (isSuggestionRequest(req)
          ? searchAnswer([
              { ...makeRecord(), _highlightResult: { name: { value: `${HIGHLIGHT_PRE_TAG}iPh${HIGHLIGHT_POST_TAG}one 12` } } } as never,
            ])
          : searchAnswer([makeRecord()])) as never,
    );
    renderMarketplace();
    await screen.findAllByTestId('product-card');
    const box = screen.getByRole('combobox', { name: 'Search products' });
    const before = runSearchMock.mock.calls.length;

    await user.type(box, 'iph');
    act(() => jest.advanceTimersByTime(149));
    expect(runSearchMock.mock.calls.length).toBe(before);
    expect(location()).toBe('/marketplace');

    await act(async () => jest.advanceTimersByTime(1));
    await waitFor(() => expect(location()).toBe('/marketplace?query=iph'));
    expect(suggestionCalls()).toHaveLength(1);
    expect(suggestionCalls()[0]?.query).toBe('iph');
    expect(lastResultCall()?.query).toBe('iph');

    const option = await screen.findByRole('option', { name: /iPhone 12/ });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(location()).toBe('/product/iphone-12-p1'));
    expect(option).not.toBeInTheDocument();
  });

  it('an empty query suggests nothing', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    runSearchMock.mockResolvedValue(searchAnswer([makeRecord()]) as never);
    renderMarketplace('/marketplace?query=a');
    await screen.findAllByTestId('product-card');
    await user.clear(screen.getByRole('combobox', { name: 'Search products' }));
    await act(async () => jest.advanceTimersByTime(200));
    await waitFor(() => expect(location()).toBe('/marketplace'));
    expect(suggestionCalls()).toHaveLength(0);
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();
  });

  it('Back and Forward move between searches and the box follows', async () => {
    runSearchMock.mockResolvedValue(searchAnswer([makeRecord()]) as never);
    renderMarketplace('/marketplace?query=phone');
    await screen.findAllByTestId('product-card');
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.clear(box);
    await userEvent.type(box, 'books{Enter}');
    await waitFor(() => expect(location()).toBe('/marketplace?query=books'));
    await waitFor(() => expect(lastResultCall()?.query).toBe('books'));

    await userEvent.click(screen.getByRole('button', { name: 'test-back' }));
    await waitFor(() => expect(location()).toBe('/marketplace?query=phone'));
    expect(box).toHaveValue('phone');
    await waitFor(() => expect(lastResultCall()?.query).toBe('phone'));

    await userEvent.click(screen.getByRole('button', { name: 'test-forward' }));
    await waitFor(() => expect(box).toHaveValue('books'));
  });

  it('one stretch of typing is one history entry: Back skips the half-typed words', async () => {
    runSearchMock.mockResolvedValue(searchAnswer([makeRecord()]) as never);
    renderMarketplace('/marketplace?query=phone');
    await screen.findAllByTestId('product-card');
    const box = screen.getByRole('combobox', { name: 'Search products' });
    // A slow typist: each pause is long enough for the search to settle.
    await userEvent.clear(box);
    await waitFor(() => expect(location()).toBe('/marketplace'));
    await userEvent.type(box, 'bo');
    await waitFor(() => expect(location()).toBe('/marketplace?query=bo'));
    await userEvent.type(box, 'oks');
    await waitFor(() => expect(location()).toBe('/marketplace?query=books'));

    await userEvent.click(screen.getByRole('button', { name: 'test-back' }));
    await waitFor(() => expect(location()).toBe('/marketplace?query=phone'));
    expect(box).toHaveValue('phone');

    // A new stretch after Back is a new entry again.
    await userEvent.click(screen.getByRole('button', { name: 'test-forward' }));
    await waitFor(() => expect(box).toHaveValue('books'));
  });

  it('sort, category and price band go to the service and the URL, pages are 1-based on screen, Clear All resets', async () => {
    runSearchMock.mockImplementation(async (req) => searchAnswer([makeRecord()], { nbHits: 35, page: req.page ?? 0 }) as never);
    renderMarketplace();
    await screen.findAllByTestId('product-card');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toBe('/marketplace?page=2'));
    await waitFor(() => expect(lastResultCall()?.page).toBe(1));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-high');
    await waitFor(() => expect(lastResultCall()).toMatchObject({ indexName: 'products_price_desc', page: 0 }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Electronics' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Electronics');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Price range' }), '20000-29999.99');
    await waitFor(() => expect(lastResultCall()?.filters).toBe('categoryName:"Electronics" AND price:20000 TO 29999.99'));
    expect(location()).toBe('/marketplace?category=Electronics&price=20000-29999.99&sort=price-high');

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(location()).toBe('/marketplace'));
    await waitFor(() => expect(lastResultCall()).toMatchObject({ indexName: 'products', filters: '', page: 0 }));
  });

  it("filters by the listing's condition (URL, service filter, Clear All) and shows each card's condition", async () => {
    runSearchMock.mockResolvedValue(
      searchAnswer([makeRecord({ condition: 'fairly-used' }), makeRecord({ objectID: 'p2', productId: 'p2', name: 'Lamp' })]) as never,
    );
    renderMarketplace('/marketplace?condition=unknown');
    const cards = await screen.findAllByTestId('product-card');
    // A condition the seller gave shows; a listing without one shows none.
    expect(within(cards[0]!).getByTestId('product-condition')).toHaveTextContent('Fairly used');
    expect(within(cards[1]!).queryByTestId('product-condition')).toBeNull();
    // An unknown value in a shared link is ignored, not sent to the service.
    expect(lastResultCall()?.filters).toBe('');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'Used');
    await waitFor(() => expect(lastResultCall()?.filters).toBe('condition:"used"'));
    expect(location()).toBe('/marketplace?condition=used');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Price range' }), '0-9999.99');
    await waitFor(() => expect(lastResultCall()?.filters).toBe('price:0 TO 9999.99 AND condition:"used"'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(lastResultCall()?.filters).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('');
  });

  it('switches between grid and list', async () => {
    runSearchMock.mockResolvedValue(searchAnswer([makeRecord()]) as never);
    renderMarketplace();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(list).toHaveAttribute('data-view', 'grid');
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('list', { name: 'Products' })).toHaveAttribute('data-view', 'list');
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("hides cart and wishlist buttons on the viewer's own products", async () => {
    runSearchMock.mockResolvedValue(
      searchAnswer([makeRecord({ sellerId: 'seller-1' }), makeRecord({ objectID: 'p2', productId: 'p2', name: 'Lamp' })]) as never,
    );
    renderWithProviders(<App />, { route: '/marketplace', session: 'seller' });
    const cards = await screen.findAllByTestId('product-card');
    expect(within(cards[0]!).queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    expect(await within(cards[1]!).findByRole('button', { name: 'Add to Cart: Lamp' })).toBeInTheDocument();
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });
});
