import { cart as cartEndpoints, payments } from '@campus/shared/endpoints';
import { COMPLETION_CODE_HINT } from '@campus/shared/product-ui';
import type { PaymentVerifyResult } from '@campus/shared/schemas';
import { makeBuyerOrder, makeCart, renderWithProviders } from '@campus/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpApiAndCounts } from '../test/kit';
import { OUTCOMES } from '../features/payment-return/components/PaymentOutcome';
import PaymentReturnPage, { NO_REFERENCE } from './PaymentReturnPage';

const bench = setUpApiAndCounts();

const order = makeBuyerOrder;

const paid: PaymentVerifyResult = {
  reference: 'ref-1',
  status: 'success',
  amount: '13850.25',
  orders: [
    order(),
    order({
      id: 'o2',
      orderCode: 'CM-CCCC-DDDD',
      totalPrice: '7450.25',
      seller: { id: 's2', catalogueName: 'Book Nook' },
      completionCode: '105733',
      orderItems: [
        {
          id: 'oi2',
          quantity: 1,
          price: '7450.25',
          rating: null,
          product: { id: 'p2', name: 'Chemistry textbook', slug: 'chem', imageUrls: [] },
        },
      ],
    }),
  ],
};

const renderReturn = (query = '?trxref=ref-1&reference=ref-1') =>
  renderWithProviders(<PaymentReturnPage />, { session: 'user', route: `/checkout/callback${query}` });

describe('the return from payment (/checkout/callback)', () => {
  it('verifies the reference and shows each store’s order with its completion code, items, total and pickup; the cart badge follows', async () => {
    bench.api.ok(payments.verifyPayment, paid).ok(cartEndpoints.getCart, makeCart());
    renderReturn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(bench.api.calls(payments.verifyPayment)[0]?.params).toEqual({ reference: 'ref-1' });

    const hacks = screen.getByRole('article', { name: 'Hostel Hacks' });
    expect(within(hacks).getByTestId('completion-code')).toHaveTextContent('482913');
    expect(within(hacks).getByText(COMPLETION_CODE_HINT)).toBeInTheDocument();
    expect(within(hacks).getByText('Desk lamp')).toBeInTheDocument();
    expect(within(hacks).getByText('2 × ₦3,200.00')).toBeInTheDocument();
    expect(within(hacks).getByTestId('order-total')).toHaveTextContent('₦6,400.00');
    expect(within(hacks).getByText('Moremi Hall, Block B, Room 214')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Book Nook' })).getByTestId('completion-code')).toHaveTextContent('105733');
    expect(screen.getByText(/You paid ₦13,850.25/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/profile?tab=orders');

    // The API emptied the cart: it is read again and the navbar hears the new count.
    await waitFor(() => expect(bench.counts.cart).toContain(0));
  });

  it('is safe to reload: a second visit asks the API again and shows the same orders', async () => {
    bench.api.ok(payments.verifyPayment, paid).ok(cartEndpoints.getCart, makeCart());
    const first = renderReturn();
    expect(await screen.findAllByTestId('completion-code')).toHaveLength(2);
    first.unmount();
    renderReturn();
    expect(await screen.findAllByTestId('completion-code')).toHaveLength(2);
    expect(bench.api.calls(payments.verifyPayment)).toHaveLength(2);
  });

  it.each([
    ['failed', OUTCOMES.failed.title],
    ['abandoned', OUTCOMES.abandoned.title],
    ['refunded', OUTCOMES.refunded.title],
    ['review', OUTCOMES.review.title],
  ] as const)('shows a clear %s state with the way back to the cart', async (status, title) => {
    bench.api.ok(payments.verifyPayment, { reference: 'ref-1', status, amount: '13850.25', orders: [] });
    renderReturn();
    const outcome = await screen.findByTestId('payment-outcome');
    expect(outcome).toHaveTextContent(title);
    expect(outcome).toHaveTextContent('Payment reference: ref-1');
    expect(within(outcome).getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('completion-code')).toBeNull();
  });

  it('treats a payment with no answer yet (cancelled on the payment page, or still on its way) as not completed, with Check again', async () => {
    bench.api.ok(payments.verifyPayment, { reference: 'ref-1', status: 'pending', amount: '13850.25', orders: [] });
    renderReturn();
    const outcome = await screen.findByTestId('payment-outcome');
    expect(outcome).toHaveTextContent(OUTCOMES.pending.title);
    expect(outcome).toHaveTextContent('Nothing was ordered and your cart is as you left it.');
    bench.api.ok(payments.verifyPayment, paid).ok(cartEndpoints.getCart, makeCart());
    await userEvent.click(within(outcome).getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
  });

  it('says when there is no reference to check', async () => {
    renderReturn('');
    expect(await screen.findByText(NO_REFERENCE)).toBeInTheDocument();
    expect(bench.api.requests).toHaveLength(0);
  });

  it("shows the API's refusal (another student's payment) with Try again and the way back", async () => {
    bench.api.fail(payments.verifyPayment, 403, 'This payment belongs to another account.');
    renderReturn();
    const panel = await screen.findByTestId('error-panel');
    expect(panel).toHaveTextContent('This payment belongs to another account.');
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Back to cart' })).toBeInTheDocument();
  });
});
