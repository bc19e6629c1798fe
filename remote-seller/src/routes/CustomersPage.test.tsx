import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orders } from '@campus/shared/endpoints';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { showLayout } from '../test/layout';
import { makeOrder, paged } from '../test/fixtures';
import CustomersPage, { CUSTOMERS_FAILED } from './CustomersPage';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

const thisMonth = new Date().toISOString();
const list = [
  makeOrder({ id: 'a', userId: 'buyer-aaaa1111', totalPrice: '3000.00', createdAt: '2025-01-05T10:00:00.000Z', hostelName: 'Moremi Hall' }),
  {
    ...makeOrder({ id: 'b', userId: 'buyer-aaaa1111', totalPrice: '1000.00', createdAt: thisMonth, hostelName: 'Moremi Hall' }),
    buyerFirstName: 'Ngozi',
  },
  {
    ...makeOrder({ id: 'c', userId: 'buyer-bbbb2222', totalPrice: '2000.00', createdAt: thisMonth, hostelName: 'Kuti Hall' }),
    buyerFirstName: 'Chidi',
  },
];

describe('Seller customers', () => {
  it('shows real figures over every page of orders, and the customers', async () => {
    api.on(orders.listSellerOrders, (req) => ({
      status: 200,
      body: req.query.page === 1 ? paged(list.slice(0, 2), 1, 2, 100) : paged(list.slice(2), 2, 2, 100),
    }));
    renderWithProviders(<CustomersPage />, { session: 'seller' });
    expect(await screen.findByTestId('total-customers')).toHaveTextContent('2');
    expect(screen.getByTestId('new-this-month')).toHaveTextContent('1');
    expect(screen.getByTestId('avg-order-value')).toHaveTextContent('₦2,000.00');
    expect(screen.getByTestId('repeat-buyers')).toHaveTextContent('1');
    expect(api.calls(orders.listSellerOrders).map((c) => c.query)).toEqual([
      { page: 1, limit: 100 },
      { page: 2, limit: 100 },
    ]);
    const ngozi = within(screen.getByTestId('customer-buyer-aaaa1111'));
    expect(ngozi.getByText('₦4,000.00')).toBeInTheDocument();
    // The buyer by first name; the id only as a small reference.
    expect(ngozi.getByText('Ngozi')).toBeInTheDocument();
    expect(ngozi.getByText('ID buyer-aa')).toHaveAttribute('title', 'buyer-aaaa1111');
    expect(screen.getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/seller/dashboard');
  });

  it('searches customers and exports what is shown as CSV', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged(list, 1, 1, 100) });
    const created: Blob[] = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    };
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const user = userEvent.setup();
      renderWithProviders(<CustomersPage />, { session: 'seller' });
      await user.type(await screen.findByRole('searchbox', { name: 'Search customers' }), 'kuti');
      expect(screen.queryByTestId('customer-buyer-aaaa1111')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(click).toHaveBeenCalled();
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(created[0]!);
      });
      expect(text.split('\n')).toHaveLength(2);
      expect(text).toContain('Chidi,buyer-bbbb2222,1,2000.00');
    } finally {
      URL.createObjectURL = original;
      click.mockRestore();
    }
  });

  it('searches by first name', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged(list, 1, 1, 100) });
    const user = userEvent.setup();
    renderWithProviders(<CustomersPage />, { session: 'seller' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search customers' }), 'chid');
    expect(screen.getByTestId('customer-buyer-bbbb2222')).toBeInTheDocument();
    expect(screen.queryByTestId('customer-buyer-aaaa1111')).not.toBeInTheDocument();
  });

  it('on a phone each customer is a card: name, total, orders, pickup, the id small', async () => {
    showLayout('cards');
    api.on(orders.listSellerOrders, { status: 200, body: paged(list, 1, 1, 100) });
    renderWithProviders(<CustomersPage />, { session: 'seller' });
    const card = await screen.findByTestId('customer-card-buyer-aaaa1111');
    expect(card).toBeVisible();
    expect(card).toHaveTextContent('Ngozi₦4,000.002 orders');
    expect(card).toHaveTextContent('Moremi Hall, Block B, Room 12');
    expect(within(card).getByText('ID buyer-aa')).toBeInTheDocument();
    expect(screen.getByTestId('customer-buyer-aaaa1111')).not.toBeVisible();
  });

  it('says so when the orders cannot be read', async () => {
    api.fail(orders.listSellerOrders, 500);
    renderWithProviders(<CustomersPage />, { session: 'seller' });
    expect(await screen.findByText(CUSTOMERS_FAILED)).toBeInTheDocument();
  });
});
