import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orders } from '@campus/shared/endpoints';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { makeOrder, paged } from '../test/fixtures';
import AnalyticsPage, { ANALYTICS_FAILED } from './AnalyticsPage';

// jsdom has no canvas: the chart library is replaced by a recorder of what it was asked to draw.
const drawn: Array<{ data: unknown }> = [];
jest.mock('uplot', () => {
  const Fake = jest.fn().mockImplementation((_opts: unknown, data: unknown) => {
    drawn.push({ data });
    return { destroy: jest.fn(), setSize: jest.fn() };
  });
  Object.assign(Fake, { paths: { bars: () => undefined } });
  return { __esModule: true, default: Fake };
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  drawn.length = 0;
});
afterEach(() => api.restore());

const now = new Date().toISOString();
const item = (id: string, name: string, quantity: number) => ({
  id: `${id}-${quantity}`,
  quantity,
  price: '1000.00',
  product: { id, name, slug: id, imageUrls: [] },
});

describe('Seller analytics', () => {
  it('shows total revenue, average order, return rate and draws revenue and units per product', async () => {
    api.on(orders.listSellerOrders, {
      status: 200,
      body: paged(
        [
          makeOrder({ id: 'a', totalPrice: '3000.00', createdAt: now, orderItems: [item('lamp', 'Lamp', 3)] }),
          makeOrder({ id: 'b', totalPrice: '1000.00', createdAt: now, orderItems: [item('pen', 'Pen', 1)] }),
          makeOrder({ id: 'c', totalPrice: '5000.00', createdAt: now, orderStatus: 'CANCELLED', orderItems: [item('pen', 'Pen', 5)] }),
          makeOrder({ id: 'd', totalPrice: '2000.00', createdAt: now, orderItems: [item('lamp', 'Lamp', 2)] }),
        ],
        1,
        1,
        100,
      ),
    });
    api.ok(orders.getStoreProductViews, {
      days: 84,
      totalViews: 1250,
      products: [
        { productId: 'lamp', name: 'Lamp', views: 40, orders: 2, conversion: 0.05 },
        { productId: 'pen', name: 'Pen', views: 10, orders: 1, conversion: 0.1 },
        { productId: 'ink', name: 'Ink', views: 0, orders: 0, conversion: null },
      ],
    });
    renderWithProviders(<AnalyticsPage />, { session: 'seller' });
    expect(await screen.findByTestId('total-revenue')).toHaveTextContent('₦6,000.00');
    expect(screen.getByTestId('avg-order-value')).toHaveTextContent('₦2,000.00');
    expect(screen.getByTestId('return-rate')).toHaveTextContent('25.0%');
    expect(await screen.findByText('1,250')).toBeInTheDocument();
    expect(screen.getByTestId('product-impressions')).toHaveTextContent('Product page views, last 12 weeks');
    // The term by default; the switch shows the last 30 days, each with its figures as a table.
    expect(screen.getByRole('img', { name: 'Revenue per day over the last 12 weeks' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Revenue per day over the last 12 weeks' })).toBeInTheDocument();
    const [revenue] = drawn.map((d) => d.data as number[][]);
    expect(revenue?.[1]).toHaveLength(84);
    expect(revenue?.[1]?.at(-1)).toBe(6000);
    await userEvent.click(screen.getByRole('button', { name: '30 days' }));
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Revenue per day over the last 30 days' })).toBeInTheDocument();
    expect((drawn.at(-1)?.data as number[][])[1]).toHaveLength(30);
    // Units per product, most first, with whole names; and as a table.
    expect(screen.getByTestId('units-chart')).toHaveTextContent(/^Lamp5Pen1$/);
    expect(screen.getByRole('table', { name: 'Units sold per product' })).toHaveTextContent('Lamp5');
    // Views, orders and conversion per product (a product neither viewed nor ordered is left out).
    const views = screen.getByRole('table', { name: 'Views and orders per product, last 12 weeks' });
    // Its scroll box is reachable by keyboard (axe's scrollable-region-focusable at 390 px).
    expect(screen.getByRole('region', { name: /^Views and orders per product, scrolls sideways$/ })).toHaveAttribute('tabindex', '0');
    expect(
      within(views)
        .getAllByTestId('product-views-row')
        .map((r) => r.textContent),
    ).toEqual(['Lamp4025.0%', 'Pen10110.0%']);
    // The customer table (spec: on Analytics too).
    expect(screen.getByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toBeInTheDocument();
  });

  it('shows a long product name whole on the units chart', async () => {
    const long = 'Laptop backpack with USB port and rain cover';
    api.on(orders.listSellerOrders, {
      status: 200,
      body: paged([makeOrder({ id: 'a', totalPrice: '1000.00', createdAt: now, orderItems: [item('bag', long, 1)] })], 1, 1, 100),
    });
    api.fail(orders.getStoreProductViews, 500);
    renderWithProviders(<AnalyticsPage />, { session: 'seller' });
    expect(await screen.findByTestId('units-chart')).toHaveTextContent(long);
    expect(await screen.findByText('Product views could not be loaded')).toBeInTheDocument();
  });

  it('says so when the orders cannot be read', async () => {
    api.fail(orders.listSellerOrders, 500);
    renderWithProviders(<AnalyticsPage />, { session: 'seller' });
    expect(await screen.findByText(ANALYTICS_FAILED)).toBeInTheDocument();
  });
});
