import { screen, waitFor, within } from '@testing-library/react';
import { accounts, messages, orders, payments } from '@campus/shared/endpoints';
import { conversationHref } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import type { BuyerOrder, Dispute } from '@campus/shared/schemas';
import { sessionStore } from '@campus/shared/session';
import { makeBuyerOrder, makeUser, labelInNameMismatches } from '@campus/shared/testing';
import { api, errorBody, renderApp, setupApi } from '../../../test/render';
import { CANCEL_CONFIRM } from './OrdersTab';

const order = makeBuyerOrder;

const delivered = order({
  id: 'o2',
  orderCode: 'CM-CCCC-DDDD',
  orderStatus: 'DELIVERED',
  completionCode: null,
  cancellable: false,
  seller: { id: 's2', catalogueName: 'Book Nook' },
  totalPrice: '7450.25',
  createdAt: '2026-11-01T10:00:00.000Z',
  orderItems: [
    {
      id: 'oi2',
      quantity: 1,
      price: '7450.25',
      rating: null,
      product: { id: 'p2', name: 'Chemistry textbook', slug: 'chem', imageUrls: [] },
    },
  ],
});
const cancelled = order({
  id: 'o3',
  orderCode: 'CM-EEEE-FFFF',
  orderStatus: 'CANCELLED',
  completionCode: null,
  cancellable: false,
  seller: { id: 's3', catalogueName: 'Threads' },
});

const page = (data: BuyerOrder[], currentPage = 1, totalPages = 1) => ({
  status: 200,
  body: { data, pagination: { currentPage, totalPages, totalItems: data.length, itemsPerPage: 10 } },
});

/** What GET /payments/refunds/awaiting-account answers (none unless a test says so). */
let waitingRefunds: payments.RefundAwaitingAccount[] = [];

beforeEach(() => {
  setupApi();
  localStorage.setItem('token', 'tok');
  sessionStore.setState({ token: 'tok', user: makeUser(), seller: null, isSeller: false, status: 'ready' });
  api().on(accounts.me, { status: 200, body: { data: makeUser() } });
  api().ok(messages.getSettings, { emailUnread: true });
  waitingRefunds = [];
  api().on(payments.listRefundsAwaitingAccount, () => ({ status: 200, body: { data: waitingRefunds } }));
});

const card = (store: string) => screen.getByRole('article', { name: store });

describe("the profile's Orders tab (spec section 2 Profile)", () => {
  it('comes first among the tabs: Orders, Wishlist, Account', async () => {
    api().on(orders.listMyOrders, page([]));
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Ada Obi' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Orders', 'Wishlist', 'Account']);
  });

  it('lists the orders newest first with status badge colours, items, total, store, date and the open order’s completion code', async () => {
    api().on(orders.listMyOrders, page([order(), delivered, cancelled]));
    renderApp('/profile?tab=orders');
    const open = await screen.findByRole('article', { name: 'Hostel Hacks' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['order-o1', 'order-o2', 'order-o3']);
    expect(within(open).getByTestId('order-status')).toHaveTextContent('Pending');
    expect(within(open).getByTestId('order-status')).toHaveAttribute('data-status-color', 'yellow');
    expect(within(card('Book Nook')).getByTestId('order-status')).toHaveAttribute('data-status-color', 'green');
    expect(within(card('Threads')).getByTestId('order-status')).toHaveAttribute('data-status-color', 'red');
    expect(within(open).getByText('Desk lamp')).toBeInTheDocument();
    expect(within(open).getByTestId('order-total')).toHaveTextContent('₦6,400.00');
    expect(within(open).getByText(/23 Nov 2026/)).toBeInTheDocument();
    expect(within(open).getByTestId('completion-code')).toHaveTextContent('482913');
    expect(within(card('Book Nook')).queryByTestId('completion-code')).toBeNull();
    expect(api().calls(orders.listMyOrders)[0]?.query).toMatchObject({ page: 1 });
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('every order, open or closed, has Message seller: a link to the conversation about that order', async () => {
    api().on(orders.listMyOrders, page([order(), delivered, cancelled]));
    renderApp('/profile?tab=orders');
    await screen.findByRole('article', { name: 'Hostel Hacks' });
    const messageLinks = (
      [
        ['Hostel Hacks', 'o1', 'CM-AAAA-BBBB'],
        ['Book Nook', 'o2', 'CM-CCCC-DDDD'],
        ['Threads', 'o3', 'CM-EEEE-FFFF'],
      ] as const
    ).map(([store, id, code]) => [within(card(store)).getByRole('link', { name: `Message seller about order ${code}` }), id] as const);
    for (const [link, id] of messageLinks) expect(link).toHaveAttribute('href', conversationHref({ orderId: id }));
    expect(messageLinks[0]?.[0]).toHaveAttribute('href', '/chat?order=o1');
  });

  it("says 'No orders yet.' when there are none", async () => {
    api().on(orders.listMyOrders, page([]));
    renderApp('/profile?tab=orders');
    expect(await screen.findByText(MESSAGES.orders.empty)).toBeInTheDocument();
  });

  it("says 'Failed to fetch orders.' when they cannot be read", async () => {
    api().on(orders.listMyOrders, { status: 500, body: errorBody(500, 'boom') });
    renderApp('/profile?tab=orders');
    expect(await screen.findByText(MESSAGES.orders.fetchFailed)).toBeInTheDocument();
  });

  it('cancels an order the API allows, only after the confirm', async () => {
    let onServer = [order(), delivered];
    api().on(orders.listMyOrders, () => page(onServer));
    const { user } = renderApp('/profile?tab=orders');
    await screen.findByRole('article', { name: 'Hostel Hacks' });
    // Only the cancellable order offers it.
    expect(within(card('Book Nook')).queryByRole('button', { name: /Cancel order/ })).toBeNull();

    await user.click(within(card('Hostel Hacks')).getByRole('button', { name: 'Cancel order CM-AAAA-BBBB' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(CANCEL_CONFIRM);
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api().calls(orders.cancelMyOrder)).toHaveLength(0);

    api().on(orders.cancelMyOrder, {
      status: 200,
      body: { data: order({ orderStatus: 'CANCELLED', cancellable: false, completionCode: null }) },
    });
    onServer = [order({ orderStatus: 'CANCELLED', cancellable: false, completionCode: null }), delivered];
    await user.click(within(card('Hostel Hacks')).getByRole('button', { name: 'Cancel order CM-AAAA-BBBB' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(MESSAGES.orders.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(within(card('Hostel Hacks')).getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(api().calls(orders.cancelMyOrder)).toHaveLength(1);
  });

  it("shows the API's refusal of a cancellation on that order", async () => {
    api().on(orders.listMyOrders, page([order()]));
    api().on(orders.cancelMyOrder, { status: 409, body: errorBody(409, 'This order can no longer be cancelled.') });
    const { user } = renderApp('/profile?tab=orders');
    await user.click(await screen.findByRole('button', { name: 'Cancel order CM-AAAA-BBBB' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await within(card('Hostel Hacks')).findByText('This order can no longer be cancelled.')).toBeInTheDocument();
  });

  it('rates each item of a delivered order once (1-5 stars and a review)', async () => {
    let onServer = [delivered];
    api().on(orders.listMyOrders, () => page(onServer));
    const { user } = renderApp('/profile?tab=orders');
    const form = await screen.findByRole('form', { name: 'Rate Chemistry textbook' });
    await user.click(within(form).getByRole('button', { name: 'Submit rating' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose 1 to 5 stars.');
    expect(api().calls(orders.rateProduct)).toHaveLength(0);

    api().on(orders.rateProduct, {
      status: 201,
      body: { data: { rating: 4, review: 'Clean copy', createdAt: '2026-11-23T10:00:00.000Z', user: { firstName: 'Ada' } } },
    });
    onServer = [{ ...delivered, orderItems: delivered.orderItems.map((i) => ({ ...i, rating: 4 })) }];
    await user.click(within(form).getByRole('radio', { name: /4 stars/ }));
    await user.type(within(form).getByLabelText(/Review/), 'Clean copy');
    await user.click(within(form).getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByTestId('item-rating')).toHaveTextContent('You rated this 4 out of 5.');
    expect(api().calls(orders.rateProduct)[0]?.body).toEqual({ rating: 4, review: 'Clean copy', orderItemId: 'oi2' });
    expect(screen.queryByRole('form', { name: 'Rate Chemistry textbook' })).toBeNull();
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('offers no rating on orders that are not delivered', async () => {
    api().on(orders.listMyOrders, page([order()]));
    renderApp('/profile?tab=orders');
    await screen.findByRole('article', { name: 'Hostel Hacks' });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('reads the next page on Show more orders', async () => {
    api().on(orders.listMyOrders, (request) => (request.query.page === 2 ? page([delivered], 2, 2) : page([order()], 1, 2)));
    const { user } = renderApp('/profile?tab=orders');
    await user.click(await screen.findByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByRole('article', { name: 'Book Nook' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
  });

  describe('disputes instead of a refund on an accepted order', () => {
    const accepted = order({ orderStatus: 'CONFIRMED', cancellable: false, disputable: true });
    const openDispute: Dispute = {
      id: 'd1',
      status: 'open',
      reason: 'The lamp never lit.',
      openedAt: '2026-12-08T10:00:00.000Z',
      decidedAt: null,
      refunded: null,
      decisionNote: null,
      statements: [
        {
          id: 's1',
          author: 'seller',
          text: 'It worked at collection.',
          imageUrls: ['/uploads/disputes/a-gallery.webp'],
          createdAt: '2026-12-09T10:00:00.000Z',
        },
      ],
    };
    const disputed = order({ orderStatus: 'CONFIRMED', cancellable: false, disputable: false, completionCode: null, dispute: openDispute });

    it('offers Open a dispute instead of Cancel; the reason is required; once opened the order shows the dispute', async () => {
      let onServer = [accepted, delivered];
      api().on(orders.listMyOrders, () => page(onServer));
      const { user } = renderApp('/profile?tab=orders');
      const first = await screen.findByRole('article', { name: 'Hostel Hacks' });
      expect(within(first).queryByRole('button', { name: /Cancel/ })).toBeNull();
      expect(within(card('Book Nook')).queryByRole('button', { name: /dispute/ })).toBeNull();

      await user.click(within(first).getByRole('button', { name: 'Open a dispute on order CM-AAAA-BBBB' }));
      const form = within(first).getByRole('form', { name: 'Open a dispute on order CM-AAAA-BBBB' });
      await user.click(within(form).getByRole('button', { name: 'Open dispute' }));
      expect(await within(form).findByText(MESSAGES.disputes.reasonRequired)).toBeInTheDocument();
      expect(api().calls(orders.openDispute)).toHaveLength(0);

      api().on(orders.openDispute, { status: 201, body: { data: disputed, message: MESSAGES.disputes.opened } });
      onServer = [disputed, delivered];
      await user.type(within(form).getByLabelText('What went wrong?'), 'The lamp never lit.');
      await user.click(within(form).getByRole('button', { name: 'Open dispute' }));
      expect(await screen.findByText(MESSAGES.disputes.opened)).toBeInTheDocument();
      expect(api().calls(orders.openDispute)[0]?.body).toEqual({ reason: 'The lamp never lit.' });
      const dispute = within(await within(card('Hostel Hacks')).findByTestId('dispute'));
      expect(dispute.getByTestId('dispute-status')).toHaveTextContent('In dispute: the money is held until the campus team decides.');
      expect(within(card('Hostel Hacks')).queryByRole('button', { name: /Open a dispute/ })).toBeNull();
      // WCAG 2.5.3: every control's name holds the words it shows.
      expect(labelInNameMismatches(document.body)).toEqual([]);
    });

    it("shows the dispute's reason and statements, and adds the buyer's statement while it is open", async () => {
      let onServer = [disputed];
      api().on(orders.listMyOrders, () => page(onServer));
      const { user } = renderApp('/profile?tab=orders');
      const dispute = within(await screen.findByTestId('dispute'));
      expect(dispute.getByText('The lamp never lit.')).toBeInTheDocument();
      const statements = within(dispute.getByRole('list', { name: 'Statements' }));
      expect(statements.getByText('Seller')).toBeInTheDocument();
      expect(statements.getByText('It worked at collection.')).toBeInTheDocument();
      expect(statements.getByRole('img', { name: 'Seller: photo 1' })).toBeInTheDocument();

      const form = screen.getByRole('form', { name: 'Add a statement on order CM-AAAA-BBBB' });
      const answer: Dispute = {
        ...openDispute,
        statements: [
          ...openDispute.statements,
          { id: 's2', author: 'buyer', text: 'It flickered once and died.', imageUrls: [], createdAt: '2026-12-09T11:00:00.000Z' },
        ],
      };
      api().on(orders.addDisputeStatement, { status: 201, body: { data: answer } });
      onServer = [{ ...disputed, dispute: answer }];
      await user.type(within(form).getByLabelText('Add a statement'), 'It flickered once and died.');
      await user.click(within(form).getByRole('button', { name: 'Add statement' }));
      expect(await screen.findByText('It flickered once and died.')).toBeInTheDocument();
      expect((api().calls(orders.addDisputeStatement)[0]?.body as FormData).get('text')).toBe('It flickered once and died.');
      expect(within(screen.getByRole('list', { name: 'Statements' })).getByText('You')).toBeInTheDocument();
    });

    it("a decided dispute shows the outcome and the campus team's reason, with no statement form", async () => {
      const decided = order({
        orderStatus: 'CANCELLED',
        cancellable: false,
        disputable: false,
        completionCode: null,
        dispute: {
          ...openDispute,
          status: 'part-refunded',
          refunded: '2500.00',
          decidedAt: '2026-12-10T10:00:00.000Z',
          decisionNote: 'Half worked.',
        },
      });
      api().on(orders.listMyOrders, page([decided]));
      renderApp('/profile?tab=orders');
      expect(await screen.findByTestId('dispute-status')).toHaveTextContent(
        'Decided: ₦2,500.00 refunded to the buyer, the rest released to the seller.',
      );
      expect(screen.getByText('Half worked.')).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: /Add a statement/ })).toBeNull();
    });
  });

  describe("refunds that wait for the buyer's bank account", () => {
    const refund = (id: string, amount: string, orderId: string | null = 'o1') => ({
      id,
      orderId,
      amount,
      createdAt: '2026-11-24T10:00:00.000Z',
    });
    const notices = () => screen.queryAllByTestId('refund-account-notice');
    const refundForm = (amount: string) => screen.getByRole('form', { name: `Your refund of ${amount} needs your bank account` });

    it('shows no notice when no refund waits for an account', async () => {
      api().on(orders.listMyOrders, page([order()]));
      renderApp('/profile?tab=orders');
      await screen.findByRole('article', { name: 'Hostel Hacks' });
      await waitFor(() => expect(api().calls(payments.listRefundsAwaitingAccount)).toHaveLength(1));
      expect(notices()).toHaveLength(0);
      expect(screen.queryByText(/needs your bank account/)).toBeNull();
    });

    it('shows a notice with the amount and a bank + account number form at the top of the tab, above the orders', async () => {
      waitingRefunds = [refund('r1', '2500.00')];
      api().on(orders.listMyOrders, page([order()]));
      renderApp('/profile?tab=orders');
      const form = await screen.findByRole('form', { name: 'Your refund of ₦2,500.00 needs your bank account' });
      await screen.findByRole('article', { name: 'Hostel Hacks' });
      // Above the orders in reading order.
      expect(
        form.compareDocumentPosition(screen.getByRole('list', { name: 'Your orders' })) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      const bank = within(form).getByRole('combobox', { name: 'Bank' });
      expect(within(bank).getByRole('option', { name: 'Guaranty Trust Bank' })).toHaveValue('058');
      expect(within(form).getByRole('textbox', { name: 'Account number' })).toBeInTheDocument();
      // WCAG 2.5.3: every control's name holds the words it shows.
      expect(labelInNameMismatches(document.body)).toEqual([]);
    });

    it('shows the notice even when the buyer has no orders left to list', async () => {
      waitingRefunds = [refund('r1', '800.50', null)];
      api().on(orders.listMyOrders, page([]));
      renderApp('/profile?tab=orders');
      expect(await screen.findByRole('form', { name: 'Your refund of ₦800.50 needs your bank account' })).toBeInTheDocument();
      expect(await screen.findByText(MESSAGES.orders.empty)).toBeInTheDocument();
    });

    it('checks the bank and the 10-digit account number before any call', async () => {
      waitingRefunds = [refund('r1', '2500.00')];
      api().on(orders.listMyOrders, page([order()]));
      const { user } = renderApp('/profile?tab=orders');
      const form = await screen.findByRole('form', { name: 'Your refund of ₦2,500.00 needs your bank account' });
      await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '01234');
      await user.click(within(form).getByRole('button', { name: 'Send bank account' }));
      expect(await within(form).findByText('Account number must be 10 digits')).toBeInTheDocument();
      expect(within(form).getByRole('combobox', { name: 'Bank' })).toHaveAccessibleDescription('Choose your bank');
      expect(within(form).getByRole('textbox', { name: 'Account number' })).toHaveAccessibleDescription('Account number must be 10 digits');

      await user.selectOptions(within(form).getByRole('combobox', { name: 'Bank' }), 'Guaranty Trust Bank');
      await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '678x');
      await user.click(within(form).getByRole('button', { name: 'Send bank account' }));
      expect(await within(form).findByText('Account number must be 10 digits')).toBeInTheDocument();
      expect(api().calls(payments.giveRefundAccount)).toHaveLength(0);
    });

    it('sends exactly the bank code and account number for that refund; on success thanks the buyer and the notice goes', async () => {
      waitingRefunds = [refund('r1', '2500.00'), refund('r2', '7450.25', 'o2')];
      api().on(orders.listMyOrders, page([order(), delivered]));
      api().on(payments.giveRefundAccount, () => {
        waitingRefunds = [refund('r1', '2500.00')];
        return { status: 200, body: { data: null, message: MESSAGES.refunds.accountGiven } };
      });
      const { user } = renderApp('/profile?tab=orders');
      const form = await screen.findByRole('form', { name: 'Your refund of ₦7,450.25 needs your bank account' });
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Bank' }), 'Guaranty Trust Bank');
      await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '0123456789');
      await user.click(within(form).getByRole('button', { name: 'Send bank account' }));

      expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.refunds.accountGiven);
      // One call, for r2 only (the fake files both refunds' calls under the one endpoint).
      expect(
        api()
          .calls(payments.giveRefundAccount)
          .map((r) => r.params.refundId),
      ).toEqual(['r2']);
      expect(api().calls(payments.giveRefundAccount)[0]?.body).toEqual({ bankCode: '058', accountNumber: '0123456789' });
      // The list is read again: only the other refund still waits.
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Your refund of ₦7,450.25 needs your bank account' })).toBeNull());
      expect(refundForm('₦2,500.00')).toBeInTheDocument();
      expect(notices()).toHaveLength(1);
    });

    it('clears the notice once the only waiting refund has its account', async () => {
      waitingRefunds = [refund('r1', '2500.00')];
      api().on(orders.listMyOrders, page([order()]));
      api().on(payments.giveRefundAccount, () => {
        waitingRefunds = [];
        return { status: 200, body: { data: null, message: MESSAGES.refunds.accountGiven } };
      });
      const { user } = renderApp('/profile?tab=orders');
      const form = await screen.findByRole('form', { name: 'Your refund of ₦2,500.00 needs your bank account' });
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Bank' }), 'Zenith Bank');
      await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '2233445566');
      await user.click(within(form).getByRole('button', { name: 'Send bank account' }));
      expect(await screen.findByText(MESSAGES.refunds.accountGiven)).toBeInTheDocument();
      await waitFor(() => expect(notices()).toHaveLength(0));
      expect(screen.queryByText(/needs your bank account/)).toBeNull();
      expect(api().calls(payments.listRefundsAwaitingAccount).length).toBeGreaterThanOrEqual(2);
      expect(api().calls(payments.giveRefundAccount)[0]?.body).toEqual({ bankCode: '057', accountNumber: '2233445566' });
    });

    it.each([
      [400, MESSAGES.refunds.accountNotFound],
      [403, MESSAGES.refunds.notYours],
      [409, MESSAGES.refunds.noAccountNeeded],
      [502, MESSAGES.payment.providerDown],
    ])("shows the API's refusal (%i) on the form and keeps it", async (status, message) => {
      waitingRefunds = [refund('r1', '2500.00')];
      api().on(orders.listMyOrders, page([order()]));
      api().on(payments.giveRefundAccount, { status, body: errorBody(status, message) });
      const { user } = renderApp('/profile?tab=orders');
      const form = await screen.findByRole('form', { name: 'Your refund of ₦2,500.00 needs your bank account' });
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Bank' }), 'Access Bank');
      await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '0123456789');
      await user.click(within(form).getByRole('button', { name: 'Send bank account' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByText(MESSAGES.refunds.accountGiven)).toBeNull();
      expect(within(form).getByRole('button', { name: 'Send bank account' })).toBeEnabled();
      expect(within(form).getByRole('textbox', { name: 'Account number' })).toHaveValue('0123456789');
    });
  });
});
