import { cart, categories, wishlist } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { fakeApi, renderWithProviders, withParams, type FakeApi } from '@campus/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../App';
import { makeProduct, makeRecord } from '@campus/shared/testing';
import { fakeSearch, searchAnswer } from '../test/fake-search';

const runSearchMock = fakeSearch();

const product = (id: string, name: string, price: string, createdAt: string) =>
  makeProduct({
    id,
    slug: `${id}-slug`,
    name,
    price,
    stockQuantity: 5,
    imageUrls: [],
    createdAt,
    categoryId: 'c1',
    category: { id: 'c1', name: 'Electronics' },
    seller: { id: 'seller-2', catalogueName: 'Tech Hub' },
  });

const ELECTRONICS = {
  id: 'c1',
  name: 'Electronics',
  products: [
    product('a', 'Charger', '3000.00', '2026-01-01T00:00:00Z'),
    product('b', 'Airpods', '45000.00', '2026-03-01T00:00:00Z'),
    product('c', 'Bluetooth speaker', '15000.00', '2026-02-01T00:00:00Z'),
  ],
};

const c1 = withParams(categories.getCategory, { id: 'c1' });

let api: FakeApi;
beforeEach(() => {
  runSearchMock.mockReset();
  api = fakeApi()
    .ok(categories.listCategories, [
      { id: 'c1', name: 'Electronics' },
      { id: 'c2', name: 'Books' },
    ])
    .ok(c1, ELECTRONICS)
    .ok(cart.getCart, { cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } })
    .ok(wishlist.getWishlist, []);
});

const names = () =>
  within(screen.getByRole('list', { name: /products/ }))
    .getAllByRole('link', { name: /^(Charger|Airpods|Bluetooth speaker)$/ })
    .map((a) => a.textContent);

describe('CategoryPage', () => {
  it('loads by id and links cards to the product', async () => {
    renderWithProviders(<App />, { route: '/category/c1', session: 'user' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Electronics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Charger' })).toHaveAttribute('href', '/product/a-slug');
    expect(screen.getByTestId('result-count')).toHaveTextContent('3 products');
  });

  it('loads by a name in any case (ELECTRONICS)', async () => {
    renderWithProviders(<App />, { route: '/category/ELECTRONICS', session: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Electronics' })).toBeInTheDocument();
    expect(api.calls(c1).length).toBe(1);
  });

  it("'all' lists every product from the search service", async () => {
    runSearchMock.mockResolvedValue(
      searchAnswer([makeRecord(), makeRecord({ objectID: 'p2', productId: 'p2', name: 'Novel', slug: 'novel' })]) as never,
    );
    renderWithProviders(<App />, { route: '/category/all', session: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novel' })).toHaveAttribute('href', '/product/novel');
    expect(runSearchMock).toHaveBeenCalledWith(expect.objectContaining({ query: '', hitsPerPage: 1000 }));
  });

  it('sorts by price, name and newest; relevance keeps the server order', async () => {
    renderWithProviders(<App />, { route: '/category/c1', session: 'user' });
    await screen.findByRole('heading', { level: 1, name: 'Electronics' });
    expect(names()).toEqual(['Charger', 'Airpods', 'Bluetooth speaker']);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Relevance', 'Price: Low to High', 'Price: High to Low', 'Name', 'Newest']);
    await userEvent.selectOptions(sort, 'price-low');
    expect(names()).toEqual(['Charger', 'Bluetooth speaker', 'Airpods']);
    await userEvent.selectOptions(sort, 'price-high');
    expect(names()).toEqual(['Airpods', 'Bluetooth speaker', 'Charger']);
    await userEvent.selectOptions(sort, 'name');
    expect(names()).toEqual(['Airpods', 'Bluetooth speaker', 'Charger']);
    await userEvent.selectOptions(sort, 'newest');
    expect(names()).toEqual(['Airpods', 'Bluetooth speaker', 'Charger']);
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('list', { name: /products/ })).toHaveAttribute('data-view', 'list');
  });

  it("unknown: title 'Category Not Found' and \"Category 'x' not found\"", async () => {
    api.fail(withParams(categories.getCategory, { id: 'Gadgets' }), 404, 'Category not found');
    renderWithProviders(<App />, { route: '/category/Gadgets', session: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.categories.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.categories.notFound('Gadgets'))).toBeInTheDocument();
  });

  it('a load failure shows the category data error with a retry', async () => {
    api.fail(c1, 500, 'boom');
    renderWithProviders(<App />, { route: '/category/c1', session: 'user' });
    expect(await screen.findByText(MESSAGES.categories.dataFailed)).toBeInTheDocument();
    api.ok(c1, ELECTRONICS);
    await userEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Electronics' })).toBeInTheDocument();
  });

  it('an empty category shows the empty state', async () => {
    api.ok(withParams(categories.getCategory, { id: 'c2' }), { id: 'c2', name: 'Books', products: [] });
    renderWithProviders(<App />, { route: '/category/books', session: 'user' });
    expect(await screen.findByText(MESSAGES.products.noneAvailable)).toBeInTheDocument();
  });
});
