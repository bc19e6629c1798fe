import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orders, sellers } from '@campus/shared/endpoints';
import { eventBus } from '@campus/shared/event-bus';
import { MESSAGES } from '@campus/shared/messages';
import { fakeApi, makeProduct, renderWithProviders, type FakeApi, labelInNameMismatches } from '@campus/shared/testing';
import { AcceptOrderDialog } from '../features/accept-order/components/AcceptOrderDialog';
import { makeCatalogue, makeOrder, makePayouts, paged } from '../test/fixtures';
import { showLayout } from '../test/layout';
import DashboardPage from './DashboardPage';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

let payoutsAnswer: ReturnType<typeof makePayouts>;

function answerAll({ payoutsFail = false } = {}) {
  api.ok(orders.getSellerSales, { revenue: '45000.00', orderCount: 3, customerCount: 2, products: [] });
  if (payoutsFail) api.fail(orders.getSellerPayouts, 500);
  else api.on(orders.getSellerPayouts, () => ({ status: 200, body: { data: payoutsAnswer } }));
  payoutsAnswer = makePayouts({
    held: '12500.00',
    available: '2000.00',
    paidOut: '30000.00',
    payouts: [
      {
        id: 'po1',
        orderId: null,
        amount: '30000.00',
        fee: '25.00',
        status: 'success',
        reference: 'STL_ABC123',
        failureReason: null,
        createdAt: '2026-11-21T10:00:00.000Z',
        settledAt: '2026-11-21T10:05:00.000Z',
      },
      {
        id: 'po2',
        orderId: null,
        amount: '2000.00',
        fee: '10.00',
        status: 'pending',
        reference: 'STL_DEF456',
        failureReason: null,
        createdAt: '2026-11-22T10:00:00.000Z',
        settledAt: null,
      },
    ],
  });
  const statuses = ['PENDING', 'CONFIRMED', 'PROCESSING', 'CANCELLED', 'DELIVERED'] as const;
  api.on(orders.listSellerOrders, {
    status: 200,
    body: paged(
      statuses.map((s, i) => makeOrder({ id: `o-${i}`, orderCode: `ORD-${i}`, orderStatus: s })),
      1,
      3,
      5,
    ),
  });
  const five = ['Calculator', 'Lamp', 'Novel', 'Kettle', 'Fan'].map((name, i) =>
    makeProduct({ id: `p${i}`, name, stockQuantity: [0, 5, 10, 20, 1][i] }),
  );
  // Answers the page asked for, as the API does: the dashboard asks for 4.
  api.on(sellers.getSellerCatalogue, ({ query }) => ({
    status: 200,
    body: { data: makeCatalogue(five, Number(query.page), Number(query.limit)) },
  }));
}

describe('Seller dashboard', () => {
  it('shows revenue, the money held / available / paid out, and each payout with status and reference', async () => {
    answerAll();
    renderWithProviders(<DashboardPage />, { session: 'seller' });
    expect(await screen.findByTestId('revenue')).toHaveTextContent('₦45,000.00');
    expect(screen.getByTestId('balance-held')).toHaveTextContent('₦12,500.00');
    expect(screen.getByTestId('balance-available')).toHaveTextContent('₦2,000.00');
    expect(screen.getByTestId('balance-paid-out')).toHaveTextContent('₦30,000.00');
    expect(within(screen.getByTestId('payout-STL_ABC123')).getByText('Paid')).toBeInTheDocument();
    expect(within(screen.getByTestId('payout-STL_DEF456')).getByText('On its way')).toBeInTheDocument();
    // Payouts are batched per store: when the money leaves, and each payout's one transfer fee.
    expect(screen.getByTestId('balance-available')).toHaveTextContent('paid to your bank once a day from ₦1,000.00, in one transfer');
    expect(screen.getByTestId('payout-STL_ABC123')).toHaveTextContent('₦25.00');
    // The account as the bank named it when it was checked.
    expect(screen.getByTestId('payout-account')).toHaveTextContent('Payouts go to Ada Obi, GTBank ••••6789.');
  });

  it('on a phone the payouts and recent orders are cards (no sideways table), the orders without actions', async () => {
    showLayout('cards');
    answerAll();
    renderWithProviders(<DashboardPage />, { session: 'seller' });
    const payout = await screen.findByTestId('payout-card-STL_ABC123');
    expect(payout).toBeVisible();
    expect(payout).toHaveTextContent('Paid');
    expect(payout).toHaveTextContent('Transfer fee ₦25.00');
    expect(screen.getByTestId('payout-STL_ABC123')).not.toBeVisible();
    const order = screen.getByTestId('order-card-o-0');
    expect(order).toBeVisible();
    expect(within(order).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the 5 most recent orders with the seller badge colours, and 4 products with their status', async () => {
    answerAll();
    renderWithProviders(<DashboardPage />, { session: 'seller' });
    await screen.findByTestId('order-o-0');
    expect(api.calls(orders.listSellerOrders)[0]?.query).toMatchObject({ page: 1, limit: 5 });
    const colour = (id: string) =>
      within(screen.getByTestId(id))
        .getByText(/PENDING|CONFIRMED|PROCESSING|CANCELLED|DELIVERED/)
        .getAttribute('data-status-colour');
    expect([colour('order-o-0'), colour('order-o-1'), colour('order-o-2'), colour('order-o-3')]).toEqual([
      'yellow',
      'green',
      'blue',
      'red',
    ]);
    const tiles = within(screen.getByRole('list', { name: 'Your products' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(4);
    // Only the four shown travel, not the whole store.
    expect(api.calls(sellers.getSellerCatalogue)[0]?.query).toEqual({ page: 1, limit: 4 });
    expect(tiles.map((t) => within(t).getByText(/Out of Stock|Draft|Active/).textContent)).toEqual([
      'Out of Stock',
      'Draft',
      'Active',
      'Active',
    ]);
    expect(screen.getByRole('link', { name: 'View all orders' })).toHaveAttribute('href', '/seller/orders');
    expect(screen.getByRole('link', { name: 'Add product' })).toHaveAttribute('href', '/seller/products/add');
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('copies the public catalogue link and confirms for 2 s', async () => {
    jest.useFakeTimers();
    try {
      answerAll();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      // After setup: user-event puts its own clipboard on navigator.
      const writeText = jest.spyOn(navigator.clipboard, 'writeText');
      renderWithProviders(<DashboardPage />, { session: 'seller' });
      const box = await screen.findByRole('textbox', { name: 'Your public catalogue' });
      expect(box).toHaveValue(`${window.location.origin}/seller/seller-1/catalogue`);
      await user.click(screen.getByRole('button', { name: 'Copy' }));
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/seller/seller-1/catalogue`);
      expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1900));
      expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says "Error loading dashboard" when a read fails', async () => {
    answerAll({ payoutsFail: true });
    renderWithProviders(<DashboardPage />, { session: 'seller' });
    expect(await screen.findByText(MESSAGES.seller.dashboardFailed)).toBeInTheDocument();
  });

  it('refreshes its balances after Accept Order completes an order', async () => {
    answerAll();
    api.ok(orders.completeOrder, makeOrder({ orderStatus: 'DELIVERED' }));
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <DashboardPage />
        <AcceptOrderDialog />
      </>,
      { session: 'seller' },
    );
    await screen.findByTestId('revenue');
    expect(api.calls(orders.getSellerPayouts)).toHaveLength(1);
    payoutsAnswer = makePayouts({ held: '0.00', available: '0.00', paidOut: '42500.00' });
    act(() => eventBus.emit('order:completion-requested', { order: { id: 'order-1', orderCode: 'ORD-0001' } }));
    await user.type(await screen.findByRole('textbox', { name: 'Completion code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    expect(await screen.findByText(MESSAGES.completion.success)).toBeInTheDocument();
    expect(await screen.findByText('₦42,500.00')).toBeInTheDocument();
  });
});
