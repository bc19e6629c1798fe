import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orders } from '@campus/shared/endpoints';
import { eventBus } from '@campus/shared/event-bus';
import type { AppEvents } from '@campus/shared/events';
import { MESSAGES } from '@campus/shared/messages';
import type { SellerOrder } from '@campus/shared/schemas';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { makeOrder, makePayouts, paged } from '../../../test/fixtures';
import { AcceptOrderDialog, OPEN_ORDERS_SEARCH_FROM, cleanCode } from './AcceptOrderDialog';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

const ngozi: SellerOrder = {
  ...makeOrder({ id: 'o-2', orderCode: 'CM-NG0Z-1234', createdAt: '2026-11-21T10:00:00.000Z', totalPrice: '4000.00' }),
  buyerFirstName: 'Ngozi',
};
const chidi: SellerOrder = {
  ...makeOrder({ id: 'o-1', orderCode: 'CM-CH1D-5678', createdAt: '2026-11-20T10:00:00.000Z' }),
  buyerFirstName: 'Chidi',
};

/** The API's open orders, newest first (as GET /orders/{sellerId}/seller?open=true answers). */
function answerOpenOrders(list: SellerOrder[] = [ngozi, chidi]) {
  api.on(orders.listSellerOrders, (request) => {
    const q = typeof request.query.q === 'string' ? request.query.q.toLowerCase() : '';
    const found = q ? list.filter((o) => `${o.buyerFirstName ?? ''} ${o.orderCode}`.toLowerCase().includes(q)) : list;
    return { status: 200, body: paged(found) };
  });
}

async function openDialog(request: AppEvents['order:completion-requested'] = {}) {
  const user = userEvent.setup();
  const view = renderWithProviders(<AcceptOrderDialog />, { session: 'seller' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  act(() => eventBus.emit('order:completion-requested', request));
  expect(await screen.findByRole('dialog', { name: 'Accept Order' })).toBeInTheDocument();
  return { user, ...view };
}

/** Opened from the chrome's button, then the order picked from the list. */
async function openAndPick(name: RegExp = /Ngozi/) {
  answerOpenOrders();
  const opened = await openDialog();
  await opened.user.click(await screen.findByRole('button', { name }));
  return opened;
}

const codeBox = () => screen.getByRole('textbox', { name: 'Completion code' });
const submit = () => screen.getByRole('button', { name: 'Complete order' });

describe('Accept Order dialog', () => {
  it('keeps digits only, at most 6', () => {
    expect(cleanCode('12a-34 5678')).toBe('123456');
  });

  it('asks for the order first: the open orders, newest first, by first name and order code; no code box yet', async () => {
    answerOpenOrders();
    await openDialog();
    const list = await screen.findByRole('list', { name: 'Open orders' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((b) => b.textContent)).toEqual([
      'NgoziCM-NG0Z-1234₦4,000.00Casio calculator × 2',
      'ChidiCM-CH1D-5678₦12,500.00Casio calculator × 2',
    ]);
    expect(screen.queryByRole('textbox', { name: 'Completion code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete order' })).not.toBeInTheDocument();
    expect(api.calls(orders.listSellerOrders)[0]).toMatchObject({ params: { sellerId: 'seller-1' }, query: { page: 1, open: 'true' } });
    // Few orders: no search box.
    expect(screen.queryByRole('searchbox', { name: 'Search open orders' })).not.toBeInTheDocument();
  });

  it('picks an order, then the code: the completion names that order; submit stays disabled until 6 digits', async () => {
    api.ok(
      orders.completeOrder,
      makeOrder({ id: 'o-2', orderCode: 'CM-NG0Z-1234', orderStatus: 'DELIVERED', totalPrice: '4000.00' }),
      MESSAGES.completion.success,
    );
    const { user, queryClient } = await openAndPick(/Ngozi/);
    expect(screen.getByTestId('picked-order')).toHaveTextContent('Ngozi · CM-NG0Z-1234');
    await waitFor(() => expect(codeBox()).toHaveFocus());
    queryClient.setQueryData(['seller', 'seller-1', 'payouts'], makePayouts({ available: '1000.00' }));
    api.ok(orders.getSellerPayouts, makePayouts({ available: '4847.50' }));
    await user.type(codeBox(), '24ab68');
    expect(codeBox()).toHaveValue('2468');
    expect(submit()).toBeDisabled();
    await user.type(codeBox(), '10');
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.success)).toBeInTheDocument();
    expect(screen.getByTestId('release-summary')).toHaveTextContent('Order CM-NG0Z-1234: order total ₦4,000.00');
    expect(api.calls(orders.completeOrder)[0]?.body).toEqual({ orderId: 'o-2', code: '246810' });
    // The balances were read again after the completion: the Available shown is the new one, never the cached ₦1,000.
    expect(await screen.findByText('Your Available balance is now ₦4,847.50.')).toBeInTheDocument();
    expect(screen.queryByText(/₦1,000\.00/)).not.toBeInTheDocument();
    expect(api.calls(orders.getSellerPayouts)).toHaveLength(1);
    expect(codeBox()).toHaveValue('');
  });

  it('each open order shows its items beside the buyer and code; the pick keeps them in view', async () => {
    const twoItems: SellerOrder = {
      ...ngozi,
      orderItems: [
        { id: 'i-1', quantity: 1, price: '1500.00', product: { id: 'p-1', name: 'Desk lamp', slug: 'desk-lamp', imageUrls: [] } },
        { id: 'i-2', quantity: 3, price: '500.00', product: { id: 'p-2', name: 'Pen', slug: 'pen', imageUrls: [] } },
      ],
    };
    answerOpenOrders([twoItems, chidi]);
    const { user } = await openDialog();
    const list = within(await screen.findByRole('list', { name: 'Open orders' }));
    const ngoziRow = list.getByRole('button', { name: /Ngozi/ });
    expect(getComputedStyle(ngoziRow).minHeight).toBe('var(--chakra-sizes-11)');
    expect(within(ngoziRow).getByTestId('open-order-items')).toHaveTextContent('Desk lamp × 1, Pen × 3');
    expect(within(list.getByRole('button', { name: /Chidi/ })).getByTestId('open-order-items')).toHaveTextContent('Casio calculator × 2');
    await user.click(ngoziRow);
    expect(screen.getByTestId('picked-order')).toHaveTextContent('Ngozi · CM-NG0Z-1234Desk lamp × 1, Pen × 3');
    // A thumb's target (44 px) for the picker's rows and the dialog's own buttons.
    for (const control of [submit(), screen.getByRole('button', { name: 'Change order' }), screen.getByRole('button', { name: 'Cancel' })])
      expect(getComputedStyle(control).minHeight).toBe('var(--chakra-sizes-11)');
  });

  it("after completing, says where the money went to the kobo, from the completion's answer, then Available read afresh", async () => {
    api.on(orders.completeOrder, () => ({
      status: 200,
      body: {
        data: makeOrder({ id: 'o-2', orderCode: 'CM-NG0Z-1234', orderStatus: 'DELIVERED', totalPrice: '3500.00' }),
        message: MESSAGES.completion.success,
        release: { released: '3500.00', cardFee: '152.50', commission: '35.00', toAvailable: '3312.50' },
      },
    }));
    let answer = makePayouts({ available: '0.00' });
    api.on(orders.getSellerPayouts, () => ({ status: 200, body: { data: answer, message: 'ok' } }));
    const { user } = await openAndPick(/Ngozi/);
    await user.type(codeBox(), '246810');
    answer = makePayouts({ available: '3312.50' });
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.success)).toBeInTheDocument();
    const summary = screen.getByTestId('release-summary');
    expect(summary).toHaveTextContent('Order CM-NG0Z-1234: ₦3,500.00 released.');
    expect(screen.getByTestId('release-fee')).toHaveTextContent(
      "Paystack's card fee ₦152.50 and the platform's commission ₦35.00 came off. ₦3,312.50 reached your Available balance and goes out in your next payout.",
    );
    expect(await within(summary).findByText('Your Available balance is now ₦3,312.50.')).toBeInTheDocument();
  });

  it('after completing on an API that gives no figures, explains the fee in words: the total, the fee taken before Available, then Available', async () => {
    api.ok(orders.completeOrder, makeOrder({ id: 'o-2', orderCode: 'CM-NG0Z-1234', orderStatus: 'DELIVERED', totalPrice: '3500.00' }));
    let answer = makePayouts({ available: '0.00' });
    api.on(orders.getSellerPayouts, () => ({ status: 200, body: { data: answer, message: 'ok' } }));
    const { user } = await openAndPick(/Ngozi/);
    await user.type(codeBox(), '246810');
    answer = makePayouts({ available: '3347.50' });
    await user.click(submit());
    // The spec's text, word for word, then the explanation.
    expect(await screen.findByText(MESSAGES.completion.success)).toBeInTheDocument();
    const summary = screen.getByTestId('release-summary');
    expect(summary).toHaveTextContent('Order CM-NG0Z-1234: order total ₦3,500.00, released to you less the platform fee.');
    expect(screen.getByTestId('release-fee')).toHaveTextContent(
      /platform fee, Paystack's card fee on the buyer's payment.*comes off first; what is left reaches your Available balance/,
    );
    expect(await within(summary).findByText('Your Available balance is now ₦3,347.50.')).toBeInTheDocument();
    // No claim that the whole total was released.
    expect(summary).not.toHaveTextContent(/₦3,500\.00 released/);
  });

  it('"Change order" goes back to the list and the next code goes with the new pick', async () => {
    api.fail(orders.completeOrder, 400, MESSAGES.completion.wrongCodeTriesLeft(4));
    const { user } = await openAndPick(/Ngozi/);
    await user.click(screen.getByRole('button', { name: 'Change order' }));
    await user.click(await screen.findByRole('button', { name: /Chidi/ }));
    await user.type(codeBox(), '135790');
    await user.click(submit());
    await screen.findByText(MESSAGES.completion.failed);
    expect(api.calls(orders.completeOrder)[0]?.body).toEqual({ orderId: 'o-1', code: '135790' });
  });

  it('with many open orders a search finds one by first name', async () => {
    const many: SellerOrder[] = Array.from({ length: OPEN_ORDERS_SEARCH_FROM + 2 }, (_, i) => ({
      ...makeOrder({ id: `o-${i + 10}`, orderCode: `CM-AAAA-00${i + 10}` }),
      buyerFirstName: i === 3 ? 'Zainab' : `Buyer${i}`,
    }));
    answerOpenOrders(many);
    const { user } = await openDialog();
    const search = await screen.findByRole('searchbox', { name: 'Search open orders' });
    await user.type(search, 'zain');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Open orders' })).getAllByRole('button')).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Zainab/ })).toBeInTheDocument();
    expect(api.calls(orders.listSellerOrders).at(-1)?.query).toMatchObject({ q: 'zain', open: 'true' });
    // The search box stays while its answers are few.
    expect(screen.getByRole('searchbox', { name: 'Search open orders' })).toBeInTheDocument();
  });

  it('no open orders: says so', async () => {
    answerOpenOrders([]);
    await openDialog();
    expect(await screen.findByText(MESSAGES.completion.noOpenOrders)).toBeInTheDocument();
  });

  it('Enter with fewer than 6 digits says "Please enter a valid 6-digit code" and sends nothing', async () => {
    const { user } = await openAndPick();
    await user.type(codeBox(), '123{Enter}');
    expect(await screen.findByText(MESSAGES.validation.completionCodeInvalid)).toBeInTheDocument();
    expect(api.calls(orders.completeOrder)).toHaveLength(0);
  });

  it('a wrong code says "Failed to complete order. Please try again." with the tries left', async () => {
    api.fail(orders.completeOrder, 400, MESSAGES.completion.wrongCodeTriesLeft(3));
    const { user } = await openAndPick();
    await user.type(codeBox(), '000000');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.failed)).toBeInTheDocument();
    expect(screen.getByText('That code does not match this order. 3 more wrong codes and the buyer gets a new one.')).toBeInTheDocument();
  });

  it('the fifth wrong code says the buyer was sent a new code', async () => {
    api.fail(orders.completeOrder, 400, MESSAGES.completion.codeReplaced);
    const { user } = await openAndPick();
    await user.type(codeBox(), '000000');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.codeReplaced)).toBeInTheDocument();
  });

  it("when the store is locked for the day (429) it shows the lock's text", async () => {
    api.fail(orders.completeOrder, 429, MESSAGES.completion.storeLockedToday(14));
    const { user } = await openAndPick();
    await user.type(codeBox(), '111111');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.failed)).toBeInTheDocument();
    expect(
      screen.getByText('Too many wrong codes today. Accept Order is locked for your store until midnight UTC (about 14 hours).'),
    ).toBeInTheDocument();
  });

  it('a server error shows the failure text alone', async () => {
    api.fail(orders.completeOrder, 500, 'boom');
    const { user } = await openAndPick();
    await user.type(codeBox(), '111111');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.failed)).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('the open orders failing to load says so', async () => {
    api.fail(orders.listSellerOrders, 500, 'boom');
    await openDialog();
    expect(await screen.findByText(MESSAGES.completion.openOrdersFailed)).toBeInTheDocument();
  });
});
