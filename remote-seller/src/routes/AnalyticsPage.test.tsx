import { screen } from '@testing-library/react';
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
    renderWithProviders(<AnalyticsPage />, { session: 'seller' });
    expect(await screen.findByTestId('total-revenue')).toHaveTextContent('₦6,000.00');
    expect(screen.getByTestId('avg-order-value')).toHaveTextContent('₦2,000.00');
    expect(screen.getByTestId('return-rate')).toHaveTextContent('25.0%');
    expect(screen.getByTestId('product-impressions')).toHaveTextContent('Product views are not tracked yet');
    expect(screen.getByRole('img', { name: 'Revenue per day over the last 30 days' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Units sold per product' })).toBeInTheDocument();
    // Today's revenue is the last point; units per product, most first.
    const [revenue, units] = drawn.map((d) => d.data as number[][]);
    expect(revenue?.[1]?.at(-1)).toBe(6000);
    expect(units?.[1]).toEqual([5, 1]);
    expect(screen.getByRole('table', { name: 'Units sold per product' })).toHaveTextContent('Lamp5');
  });

  it('says so when the orders cannot be read', async () => {
    api.fail(orders.listSellerOrders, 500);
    renderWithProviders(<AnalyticsPage />, { session: 'seller' });
    expect(await screen.findByText(ANALYTICS_FAILED)).toBeInTheDocument();
  });
});
