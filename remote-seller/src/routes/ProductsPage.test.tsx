import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orders, sellers } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import type { Product } from '@campus/shared/schemas';
import { fakeApi, makeProduct, renderWithProviders, type FakeApi, labelInNameMismatches } from '@campus/shared/testing';
import { makeCatalogue } from '../test/fixtures';
import { showLayout } from '../test/layout';
import ProductsPage from './ProductsPage';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

const three = [
  makeProduct({ id: 'p0', name: 'Calculator', description: 'Casio, exam ready', stockQuantity: 0, price: '12500.00' }),
  makeProduct({ id: 'p1', name: 'Desk lamp', description: 'LED, warm light', stockQuantity: 9 }),
  makeProduct({ id: 'p2', name: 'Novel', description: 'Things Fall Apart', stockQuantity: 10 }),
];

function open(products: Product[] = three, unitsSold: Record<string, number> = { p0: 7, p2: 1 }) {
  let current = products;
  // A fake of the API's side: it finds `q` in the name or description and pages what matches.
  api.on(sellers.getSellerCatalogue, ({ query }) => {
    const q = typeof query.q === 'string' ? query.q.toLowerCase() : '';
    const matching = current.filter((p) => !q || p.name.toLowerCase().includes(q) || p.description.toLowerCase().includes(q));
    const data = makeCatalogue(matching, Number(query.page), Number(query.limit));
    return { status: 200, body: { data: { ...data, _count: { products: current.length } } } };
  });
  api.ok(orders.getSellerSales, {
    revenue: '0.00',
    orderCount: 0,
    customerCount: 0,
    products: Object.entries(unitsSold).map(([productId, n]) => ({ productId, unitsSold: n })),
  });
  const user = userEvent.setup();
  renderWithProviders(<ProductsPage />, { session: 'seller' });
  return { user, setProducts: (next: Product[]) => (current = next) };
}

describe('Seller products list', () => {
  it('shows Product, Price, Stock, Status (from stock) and the real Sales, with view/edit/delete', async () => {
    open();
    const row = within(await screen.findByTestId('product-p0'));
    expect(row.getByText('Calculator')).toBeInTheDocument();
    expect(row.getByText('₦12,500.00')).toBeInTheDocument();
    expect(row.getByText('Out of Stock')).toHaveAttribute('data-status-colour', 'red');
    expect(await row.findByText('7')).toHaveAttribute('data-testid', 'sales');
    expect(within(screen.getByTestId('product-p1')).getByText('Draft')).toHaveAttribute('data-status-colour', 'yellow');
    expect(within(screen.getByTestId('product-p1')).getByTestId('sales')).toHaveTextContent('0');
    expect(within(screen.getByTestId('product-p2')).getByText('Active')).toHaveAttribute('data-status-colour', 'green');
    expect(row.getByRole('link', { name: 'View Calculator' })).toHaveAttribute('href', '/seller/products/p0');
    expect(row.getByRole('link', { name: 'Edit Calculator' })).toHaveAttribute('href', '/seller/products/edit/p0');
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('on a phone the list is cards, each with view/edit/delete at least 44 px square; the table is hidden', async () => {
    showLayout('cards');
    open();
    const card = await screen.findByTestId('product-card-p0');
    expect(card).toBeVisible();
    expect(screen.getByTestId('product-p0')).not.toBeVisible();
    expect(card).toHaveTextContent('Calculator₦12,500.00Out of Stock0 in stock');
    const controls = [
      within(card).getByRole('link', { name: 'View Calculator' }),
      within(card).getByRole('link', { name: 'Edit Calculator' }),
      within(card).getByRole('button', { name: 'Delete Calculator' }),
    ];
    for (const control of controls) expect(getComputedStyle(control).minHeight).toBe('var(--chakra-sizes-11)');
    // One visible control per name.
    expect(screen.getAllByRole('link', { name: 'Edit Calculator' })).toHaveLength(1);
  });

  it('searches name and description, and says when nothing matches', async () => {
    const { user } = open();
    await screen.findByTestId('product-p0');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'warm');
    await waitFor(() => expect(screen.queryByTestId('product-p0')).not.toBeInTheDocument());
    expect(screen.getByTestId('product-p1')).toBeInTheDocument();
    // The API searches: one request once typing pauses, from page 1.
    expect(api.calls(sellers.getSellerCatalogue).map((c) => c.query)).toEqual([
      { page: 1, limit: 10 },
      { page: 1, limit: 10, q: 'warm' },
    ]);
    await user.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'bicycle');
    expect(await screen.findByRole('heading', { name: 'No products found for "bicycle"' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your First Product' })).toHaveAttribute('href', '/seller/products/add');
  });

  it('says no products yet, with Add Your First Product, for an empty store', async () => {
    open([]);
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your First Product' })).toHaveAttribute('href', '/seller/products/add');
  });

  it('switches between list and grid', async () => {
    const { user } = open();
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(screen.getByRole('list', { name: 'Products' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('pages 10 at a time', async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeProduct({ id: `m${i}`, name: `Item ${i}` }));
    const { user } = open(many, {});
    await screen.findByTestId('product-m0');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('product-m11')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByTestId('product-m0')).not.toBeInTheDocument();
    expect(api.calls(sellers.getSellerCatalogue).at(-1)?.query).toEqual({ page: 2, limit: 10 });
  });

  it('deletes only after "Are you sure you want to delete this product?"', async () => {
    api.on(sellers.deleteProduct, { status: 200, body: { message: 'Product deleted' } });
    const { user, setProducts } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Calculator' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(MESSAGES.products.deleteConfirm)).toBeInTheDocument();
    setProducts(three.slice(1));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(api.calls(sellers.deleteProduct)[0]?.params).toEqual({ productId: 'p0' });
    await waitFor(() => expect(screen.queryByTestId('product-p0')).not.toBeInTheDocument());
    expect(screen.getByTestId('product-p1')).toBeInTheDocument();
  });

  it("shows the API's message when a delete fails, and keeps the product", async () => {
    api.fail(sellers.deleteProduct, 403, 'You do not have permission to do that.');
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Calculator' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You do not have permission to do that.')).toBeInTheDocument();
    expect(screen.getByTestId('product-p0')).toBeInTheDocument();
  });

  it('says "Error loading products" when the list fails', async () => {
    api.fail(sellers.getSellerCatalogue, 500);
    api.ok(orders.getSellerSales, { revenue: '0.00', orderCount: 0, customerCount: 0, products: [] });
    renderWithProviders(<ProductsPage />, { session: 'seller' });
    expect(await screen.findByText(MESSAGES.products.sellerListFailed)).toBeInTheDocument();
  });
});
