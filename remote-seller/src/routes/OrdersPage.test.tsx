import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orders } from '@campus/shared/endpoints';
import { conversationHref } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import { fakeApi, renderWithProviders, type FakeApi, labelInNameMismatches } from '@campus/shared/testing';
import type { Dispute } from '@campus/shared/schemas';
import { AcceptOrderDialog } from '../features/accept-order/components/AcceptOrderDialog';
import { makeOrder, paged } from '../test/fixtures';
import OrdersPage from './OrdersPage';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

const open = () => {
  const user = userEvent.setup();
  renderWithProviders(<OrdersPage />, { route: '/seller/orders', session: 'seller' });
  return user;
};

const pending = {
  ...makeOrder({
    id: 'o-1',
    orderCode: 'ORD-1',
    orderStatus: 'PENDING',
    userId: 'buyer-abcdef123',
    hostelName: 'Moremi Hall',
    blockNumber: 'B',
    roomNo: '12',
  }),
  buyerFirstName: 'Amaka',
};
const confirmed = makeOrder({
  id: 'o-2',
  orderCode: 'ORD-2',
  orderStatus: 'CONFIRMED',
  totalPrice: '3000.00',
  orderItems: [
    { id: 'i-2', quantity: 1, price: '1000.00', product: { id: 'p-2', name: 'Ruler', slug: 'ruler', imageUrls: [] } },
    { id: 'i-3', quantity: 4, price: '500.00', product: { id: 'p-3', name: 'Pencil', slug: 'pencil', imageUrls: [] } },
  ],
});
const delivered = makeOrder({ id: 'o-3', orderCode: 'ORD-3', orderStatus: 'DELIVERED' });

describe('Seller orders', () => {
  it('lists the orders with their real items, customer pickup, status, total and date', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([pending, confirmed, delivered]) });
    open();
    const row = within(await screen.findByTestId('order-o-2'));
    expect(row.getByText('ORD-2')).toBeInTheDocument();
    expect(row.getByText('Ruler × 1')).toBeInTheDocument();
    expect(row.getByText('Pencil × 4')).toBeInTheDocument();
    expect(row.getByText('CONFIRMED')).toBeInTheDocument();
    expect(row.getByText('₦3,000.00')).toBeInTheDocument();
    expect(row.getByText('20 Nov 2026')).toBeInTheDocument();
    const first = within(screen.getByTestId('order-o-1'));
    expect(first.getByText('Moremi Hall, Block B, Room 12')).toBeInTheDocument();
    // The buyer by first name, not by id.
    expect(first.getByText('Amaka')).toBeInTheDocument();
    expect(first.queryByText(/buyer-ab/)).toBeNull();
    // Without a name (the buyer's account is gone): "Buyer", still no id.
    expect(row.getByText('Buyer')).toBeInTheDocument();
    // Spec section 4: Confirm on PENDING, Process on CONFIRMED, nothing on a closed order.
    expect(first.getByRole('button', { name: 'Confirm order ORD-1' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Process order ORD-2' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('order-o-3'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['View']);
    expect(api.calls(orders.listSellerOrders)[0]?.params).toEqual({ sellerId: 'seller-1' });
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('View shows the whole order', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([{ ...confirmed, settlementCode: 'STL_9' }]) });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'View order ORD-2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Order ORD-2' }));
    expect(dialog.getByText('Pencil × 4')).toBeInTheDocument();
    expect(dialog.getByText('₦500.00 each')).toBeInTheDocument();
    expect(dialog.getByText('Total ₦3,000.00')).toBeInTheDocument();
    expect(dialog.getByText('Payout reference STL_9')).toBeInTheDocument();
  });

  it('View names the buyer by first name; their id is only a small reference', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([pending]) });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'View order ORD-1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Order ORD-1' }));
    expect(dialog.getByText('Customer Amaka')).toBeInTheDocument();
    expect(dialog.getByText(/Buyer reference/)).toHaveTextContent('Buyer reference buyer-abcdef123');
  });

  it('every order, open or closed, has Message buyer: a link to the conversation about that order', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([pending, confirmed, delivered]) });
    open();
    await screen.findByTestId('order-o-1');
    for (const order of [pending, confirmed, delivered]) {
      const link = within(screen.getByTestId(`order-${order.id}`)).getByRole('link', {
        name: `Message buyer about order ${order.orderCode}`,
      });
      expect(link).toHaveAttribute('href', conversationHref({ orderId: order.id }));
    }
    expect(within(screen.getByTestId('order-o-3')).getByRole('link', { name: /Message buyer/ })).toHaveAttribute('href', '/chat?order=o-3');
  });

  it("the order's details have Message buyer too", async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([confirmed]) });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'View order ORD-2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Order ORD-2' }));
    expect(dialog.getByRole('link', { name: 'Message buyer about order ORD-2' })).toHaveAttribute('href', '/chat?order=o-2');
  });

  it('Confirm moves PENDING to CONFIRMED and the row shows the answer', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([pending]) });
    api.ok(orders.updateOrderStatus, { ...pending, orderStatus: 'CONFIRMED' });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Confirm order ORD-1' }));
    const row = within(screen.getByTestId('order-o-1'));
    expect(await row.findByText('CONFIRMED')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Process order ORD-1' })).toBeInTheDocument();
    expect(api.calls(orders.updateOrderStatus)[0]).toMatchObject({ params: { orderId: 'o-1' }, body: { orderStatus: 'CONFIRMED' } });
  });

  it('Process moves CONFIRMED to PROCESSING', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([confirmed]) });
    api.ok(orders.updateOrderStatus, { ...confirmed, orderStatus: 'PROCESSING' });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Process order ORD-2' }));
    expect(await within(screen.getByTestId('order-o-2')).findByText('PROCESSING')).toBeInTheDocument();
    expect(api.calls(orders.updateOrderStatus)[0]?.body).toEqual({ orderStatus: 'PROCESSING' });
  });

  it('Cancel asks first (the refund), and only then cancels', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([confirmed]) });
    api.ok(orders.updateOrderStatus, { ...confirmed, orderStatus: 'CANCELLED' });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Cancel order ORD-2' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Cancel order ORD-2\? The buyer's ₦3,000\.00 goes back to their card/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.calls(orders.updateOrderStatus)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel order ORD-2' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel and refund' }));
    expect(await within(screen.getByTestId('order-o-2')).findByText('CANCELLED')).toBeInTheDocument();
    expect(api.calls(orders.updateOrderStatus)[0]?.body).toEqual({ orderStatus: 'CANCELLED' });
  });

  it('a refused move says why and leaves the row as it was', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([pending]) });
    api.fail(orders.updateOrderStatus, 409, 'An order that is DELIVERED cannot be moved to CONFIRMED.');
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Confirm order ORD-1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An order that is DELIVERED cannot be moved to CONFIRMED.');
    expect(within(screen.getByTestId('order-o-1')).getByText('PENDING')).toBeInTheDocument();
  });

  it('says "Error loading orders" when the list fails', async () => {
    api.fail(orders.listSellerOrders, 500);
    open();
    expect(await screen.findByText(MESSAGES.orders.sellerLoadFailed)).toBeInTheDocument();
  });

  it('says "No orders yet." for a store without orders, and "No orders found" for a search', async () => {
    api.on(orders.listSellerOrders, { status: 200, body: paged([]) });
    const user = open();
    expect(await screen.findByRole('heading', { name: MESSAGES.orders.empty })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'Kuti');
    expect(await screen.findByRole('heading', { name: 'No orders found for "Kuti"' })).toBeInTheDocument();
    expect(api.calls(orders.listSellerOrders).at(-1)?.query).toMatchObject({ q: 'Kuti', page: 1 });
  });

  it('pages through the API (real paging)', async () => {
    api.on(orders.listSellerOrders, (req) => ({
      status: 200,
      body: req.query.page === 2 ? paged([delivered], 2, 2) : paged([pending], 1, 2),
    }));
    const user = open();
    await screen.findByTestId('order-o-1');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('order-o-3')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(api.calls(orders.listSellerOrders).at(-1)?.query).toMatchObject({ page: 2, limit: 10 });
  });

  it('says "Seller information not found" without a seller id', async () => {
    renderWithProviders(<OrdersPage />, { route: '/seller/orders', session: 'user' });
    expect(screen.getByText(MESSAGES.validation.sellerInfoNotFound)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
  it("Accept on an open order's row opens Accept Order with that order picked, straight on to the code", async () => {
    const chidi = { ...pending, orderCode: 'CM-CH1D-5678', buyerFirstName: 'Chidi' };
    api.on(orders.listSellerOrders, { status: 200, body: paged([chidi, confirmed, delivered]) });
    api.ok(
      orders.completeOrder,
      makeOrder({ id: 'o-1', orderCode: 'CM-CH1D-5678', orderStatus: 'DELIVERED' }),
      MESSAGES.completion.success,
    );
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <OrdersPage />
        <AcceptOrderDialog />
      </>,
      { route: '/seller/orders', session: 'seller' },
    );
    const row = within(await screen.findByTestId('order-o-1'));
    expect(row.getByText('Chidi')).toBeInTheDocument();
    // Only open orders can be accepted.
    expect(within(screen.getByTestId('order-o-3')).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Accept order CM-CH1D-5678' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept Order' }));
    expect(dialog.getByTestId('picked-order')).toHaveTextContent('Chidi · CM-CH1D-5678');
    const code = dialog.getByRole('textbox', { name: 'Completion code' });
    await waitFor(() => expect(code).toHaveFocus());
    // The order came with the request; its items are looked up by its code (the event carries none).
    expect(await dialog.findByText('Casio calculator × 2')).toBeInTheDocument();
    expect(dialog.getByTestId('picked-order')).toHaveTextContent('Chidi · CM-CH1D-5678Casio calculator × 2');
    expect(
      api
        .calls(orders.listSellerOrders)
        .filter((c) => c.query.open === 'true')
        .map((c) => c.query.q),
    ).toEqual(['CM-CH1D-5678']);
    await user.type(code, '112233');
    await user.click(dialog.getByRole('button', { name: 'Complete order' }));
    expect(await screen.findByText(MESSAGES.completion.success)).toBeInTheDocument();
    expect(api.calls(orders.completeOrder)[0]?.body).toEqual({ orderId: 'o-1', code: '112233' });
  });

  describe('disputes', () => {
    const dispute: Dispute = {
      id: 'd-1',
      status: 'open',
      reason: 'The ruler was snapped in two.',
      openedAt: '2026-12-04T10:00:00.000Z',
      decidedAt: null,
      refunded: null,
      decisionNote: null,
      statements: [],
    };
    const disputed = { ...confirmed, dispute };
    const png = (name: string) => new File(['png-bytes'], name, { type: 'image/png' });

    it('a disputed order says so beside its status and offers no move, only the dispute', async () => {
      api.on(orders.listSellerOrders, { status: 200, body: paged([disputed, pending]) });
      open();
      const row = within(await screen.findByTestId('order-o-2'));
      expect(row.getByText('CONFIRMED')).toBeInTheDocument();
      expect(row.getByTestId('dispute-badge')).toHaveTextContent('In dispute');
      expect(row.getAllByRole('button').map((b) => b.textContent)).toEqual(['Answer dispute', 'View']);
      expect(within(screen.getByTestId('order-o-1')).queryByTestId('dispute-badge')).toBeNull();
      expect(labelInNameMismatches(document.body)).toEqual([]);
    });

    it('the seller reads the reason and answers with text and up to 4 photos; the dialog shows the answer', async () => {
      api.on(orders.listSellerOrders, { status: 200, body: paged([disputed]) });
      const answered: Dispute = {
        ...dispute,
        statements: [
          {
            id: 's-1',
            author: 'seller',
            text: 'It was whole at collection.',
            imageUrls: ['/uploads/disputes/x-gallery.webp', '/uploads/disputes/y-gallery.webp'],
            createdAt: '2026-12-05T10:00:00.000Z',
          },
        ],
      };
      api.on(orders.addDisputeStatement, { status: 201, body: { data: answered, message: MESSAGES.disputes.statementAdded } });
      const user = open();
      await user.click(await screen.findByRole('button', { name: 'Answer dispute on order ORD-2' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Dispute on order ORD-2' }));
      expect(dialog.getByText('The ruler was snapped in two.')).toBeInTheDocument();
      expect(dialog.getByTestId('dispute-status')).toHaveTextContent('In dispute: the money is held until the campus team decides.');

      const form = within(dialog.getByRole('form', { name: 'Answer the dispute on order ORD-2' }));
      await user.click(form.getByRole('button', { name: 'Send answer' }));
      expect(await form.findByText(MESSAGES.disputes.statementRequired)).toBeInTheDocument();
      expect(api.calls(orders.addDisputeStatement)).toHaveLength(0);

      await user.type(form.getByLabelText('Your answer'), 'It was whole at collection.');
      await user.upload(form.getByLabelText('Add photos'), [png('a.png'), png('b.png'), png('c.png'), png('d.png'), png('e.png')]);
      expect(within(form.getByRole('list', { name: 'Photos to send' })).getAllByRole('img')).toHaveLength(4);
      expect(form.getByRole('button', { name: 'Add photos' })).toBeDisabled();
      await user.click(form.getByRole('button', { name: 'Remove c.png' }));
      await user.click(form.getByRole('button', { name: 'Remove d.png' }));
      await user.click(form.getByRole('button', { name: 'Send answer' }));

      expect(await dialog.findByText('It was whole at collection.', { selector: 'p' })).toBeInTheDocument();
      const request = api.calls(orders.addDisputeStatement)[0];
      expect(request?.params).toEqual({ orderId: 'o-2' });
      const sent = request?.body as FormData;
      expect(sent.get('text')).toBe('It was whole at collection.');
      expect(sent.getAll('photos').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
      expect(dialog.getByText('You')).toBeInTheDocument();
      expect(dialog.getAllByRole('img', { name: /You: photo/ })).toHaveLength(2);
    });

    it("shows the API's refusal of an answer (a dispute decided meanwhile)", async () => {
      api.on(orders.listSellerOrders, { status: 200, body: paged([disputed]) });
      api.fail(orders.addDisputeStatement, 409, MESSAGES.disputes.closed);
      const user = open();
      await user.click(await screen.findByRole('button', { name: 'Answer dispute on order ORD-2' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Dispute on order ORD-2' }));
      await user.type(dialog.getByLabelText('Your answer'), 'Too late?');
      await user.click(dialog.getByRole('button', { name: 'Send answer' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.disputes.closed);
    });

    it('a decided dispute shows the outcome and takes no answer; the order offers no move', async () => {
      const decided = {
        ...confirmed,
        orderStatus: 'DELIVERED' as const,
        dispute: {
          ...dispute,
          status: 'released' as const,
          refunded: '0.00',
          decidedAt: '2026-12-06T10:00:00.000Z',
          decisionNote: 'Photos show it whole.',
        },
      };
      api.on(orders.listSellerOrders, { status: 200, body: paged([decided]) });
      const user = open();
      const row = within(await screen.findByTestId('order-o-2'));
      expect(row.getByTestId('dispute-badge')).toHaveTextContent('Dispute decided');
      await user.click(row.getByRole('button', { name: 'View dispute on order ORD-2' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Dispute on order ORD-2' }));
      expect(dialog.getByTestId('dispute-status')).toHaveTextContent('Decided: the money was released to the seller.');
      expect(dialog.getByText('Photos show it whole.')).toBeInTheDocument();
      expect(dialog.queryByRole('form')).toBeNull();
    });
  });
});
