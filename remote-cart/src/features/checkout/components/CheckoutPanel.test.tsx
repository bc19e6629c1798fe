import { setAuthNavigator } from '@campus/shared/api-client';
import { cart as cartEndpoints, payments } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { STORAGE_KEYS } from '@campus/shared/storage';
import { fakeApi, makeCart, makeUser, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CartPage from '../../../routes/CartPage';
import { useCheckout } from '../api/use-checkout';
import { leavePage } from '../lib/leave-page';
import { CheckoutPanel } from './CheckoutPanel';

jest.mock('../lib/leave-page', () => ({ leavePage: jest.fn() }));
const leave = jest.mocked(leavePage);

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  leave.mockReset();
  setAuthNavigator(() => undefined);
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

const PICKUP = { hostelName: 'Moremi Hall', blockNumber: 'B', roomNo: '214' };
const USER = makeUser();
// 2 × 3,200 + 7,450.25 = 13,850.25 naira
const CART = makeCart([
  { id: 'i1', productId: 'p1', quantity: 2, name: 'Desk lamp', price: '3200.00', stock: 5, sellerId: 's1', catalogueName: 'Hostel Hacks' },
  {
    id: 'i2',
    productId: 'p2',
    quantity: 1,
    name: 'Chemistry textbook',
    price: '7450.25',
    stock: 3,
    sellerId: 's2',
    catalogueName: 'Book Nook',
  },
]);
const PAGE = { authorization_url: 'https://checkout.paystack.test/abc', access_code: 'abc', reference: 'ref-1' };

const renderCart = (options: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(<CartPage />, { session: 'user', route: '/cart', ...options });

async function checkoutAll() {
  const button = await screen.findByRole('button', { name: 'Checkout All' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

async function fillPickup() {
  const dialog = await screen.findByRole('dialog', { name: 'Pickup details' });
  await userEvent.type(within(dialog).getByLabelText(/Hostel name/), PICKUP.hostelName);
  await userEvent.type(within(dialog).getByLabelText(/Block number/), PICKUP.blockNumber);
  await userEvent.type(within(dialog).getByLabelText(/Room number/), PICKUP.roomNo);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
}

describe('Checkout All (spec sections 4, 7, 8)', () => {
  it('asks the pickup details the first time, sends the total in kobo with the cart id, and goes to the payment page', async () => {
    api.ok(cartEndpoints.getCart, CART).ok(payments.initiatePayment, PAGE);
    renderCart();
    await checkoutAll();
    const dialog = await screen.findByRole('dialog', { name: 'Pickup details' });
    // Nothing typed: the fields are required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(within(dialog).getAllByText(MESSAGES.validation.fillAllRequiredFields)).toHaveLength(3);
    expect(api.calls(payments.initiatePayment)).toHaveLength(0);

    await fillPickup();
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PAGE.authorization_url));
    expect(api.calls(payments.initiatePayment)[0]?.body).toEqual({
      email: USER.email,
      amount: '1385025',
      metadata: { cartId: 'cart-1' },
      ...PICKUP,
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.pickupDetails(USER.id)) ?? 'null')).toEqual(PICKUP);
  });

  it('remembers the pickup details for next time: shown with Change, and Checkout All goes straight on', async () => {
    localStorage.setItem(STORAGE_KEYS.pickupDetails(USER.id), JSON.stringify(PICKUP));
    api.ok(cartEndpoints.getCart, CART).ok(payments.initiatePayment, PAGE);
    renderCart();
    expect(await screen.findByTestId('pickup-summary')).toHaveTextContent('Moremi Hall, Block B, Room 214');
    await checkoutAll();
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PAGE.authorization_url));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(payments.initiatePayment)[0]?.body).toMatchObject(PICKUP);
  });

  it('can check out again when the browser brings the page back from its back/forward cache', async () => {
    localStorage.setItem(STORAGE_KEYS.pickupDetails(USER.id), JSON.stringify(PICKUP));
    api.ok(cartEndpoints.getCart, CART).ok(payments.initiatePayment, PAGE);
    renderCart();
    await checkoutAll();
    await waitFor(() => expect(leave).toHaveBeenCalled());
    // The page is leaving: Checkout All waits.
    expect(screen.getByRole('button', { name: /Checkout All|Starting payment/ })).toBeDisabled();
    const restored = new Event('pageshow');
    Object.defineProperty(restored, 'persisted', { value: true });
    act(() => {
      window.dispatchEvent(restored);
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Checkout All' })).toBeEnabled());
  });

  it("does not show another student's remembered details", async () => {
    localStorage.setItem(STORAGE_KEYS.pickupDetails('someone-else'), JSON.stringify(PICKUP));
    api.ok(cartEndpoints.getCart, CART);
    renderCart();
    await screen.findByText('Desk lamp');
    expect(screen.queryByTestId('pickup-summary')).toBeNull();
  });

  it('reads authorization_url at the top level of the answer too', async () => {
    localStorage.setItem(STORAGE_KEYS.pickupDetails(USER.id), JSON.stringify(PICKUP));
    api.ok(cartEndpoints.getCart, CART).on(payments.initiatePayment, { status: 200, body: PAGE });
    renderCart();
    await checkoutAll();
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PAGE.authorization_url));
  });

  it.each([
    ['a 401', { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Token expired' } }, MESSAGES.payment.unauthorized],
    [
      'a refusal with a message',
      { status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: MESSAGES.payment.providerDown } },
      MESSAGES.payment.providerDown,
    ],
    ['a failure without a message', { status: 500, body: {} }, MESSAGES.payment.failed],
    ['an answer without a payment address', { status: 200, body: { data: { reference: 'ref-1' } } }, MESSAGES.payment.noUrl],
  ] as const)('shows the spec text for %s and stays on the page', async (_case, reply, text) => {
    localStorage.setItem(STORAGE_KEYS.pickupDetails(USER.id), JSON.stringify(PICKUP));
    api.ok(cartEndpoints.getCart, CART).on(payments.initiatePayment, reply);
    renderCart();
    await checkoutAll();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('reads the cart again and says so when the API answers 409 (the cart changed)', async () => {
    localStorage.setItem(STORAGE_KEYS.pickupDetails(USER.id), JSON.stringify(PICKUP));
    api.ok(cartEndpoints.getCart, CART).fail(payments.initiatePayment, 409, MESSAGES.payment.cartChanged);
    renderCart();
    await checkoutAll();
    expect(await screen.findByText(MESSAGES.payment.cartChanged)).toBeInTheDocument();
    await waitFor(() => expect(api.calls(cartEndpoints.getCart)).toHaveLength(2));
    expect(leave).not.toHaveBeenCalled();
  });

  // The API's checkout limits: each answer's own text is shown, the cart stays as it is and Checkout All can be used again.
  it.each([
    [
      'a 429 (too many checkouts, with Retry-After)',
      {
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: MESSAGES.generic.tooManyRequests },
        headers: { 'retry-after': '3600' },
      },
      MESSAGES.generic.tooManyRequests,
    ],
    [
      'a 409 (too many units held in unpaid checkouts)',
      { status: 409, body: { statusCode: 409, error: 'Conflict', message: MESSAGES.payment.reservedCap(50) } },
      MESSAGES.payment.reservedCap(50),
    ],
    [
      'a 400 (a cart under the card minimum)',
      { status: 400, body: { statusCode: 400, error: 'Bad Request', message: MESSAGES.payment.belowMinimum('₦50.00') } },
      MESSAGES.payment.belowMinimum('₦50.00'),
    ],
  ] as const)("shows the API's own text for %s, keeps the cart and lets the buyer try again", async (_case, reply, text) => {
    localStorage.setItem(STORAGE_KEYS.pickupDetails(USER.id), JSON.stringify(PICKUP));
    api.ok(cartEndpoints.getCart, CART).on(payments.initiatePayment, reply);
    renderCart();
    await checkoutAll();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.payment.failed)).toBeNull();
    expect(leave).not.toHaveBeenCalled();
    // The cart is still there, unchanged: its lines, and no change was sent for it.
    expect(screen.getByText('Desk lamp')).toBeInTheDocument();
    expect(screen.getByText('Chemistry textbook')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method !== 'GET' && r.endpoint.name !== payments.initiatePayment.name)).toEqual([]);
    // Checkout All is usable again, and a second press asks the API again.
    const button = screen.getByRole('button', { name: 'Checkout All' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(api.calls(payments.initiatePayment)).toHaveLength(2));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("says 'Please sign in to continue' when the session is gone, and starts nothing", async () => {
    // The cart page itself is for signed-in students; this is the checkout's own guard (the session ended on the page).
    function Panel() {
      const checkout = useCheckout();
      return (
        <>
          <CheckoutPanel cart={CART} totalKobo={1_385_025} blocked={false} checkout={checkout} />
          {checkout.notice}
        </>
      );
    }
    renderWithProviders(<Panel />, { session: 'guest' });
    await checkoutAll();
    expect(await screen.findByText(MESSAGES.cart.signInToContinue)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(payments.initiatePayment)).toHaveLength(0);
  });

  it('starts nothing when the total is zero', async () => {
    api.ok(cartEndpoints.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 1, name: 'Desk lamp', price: '0.00' }]));
    renderCart();
    const button = await screen.findByRole('button', { name: 'Checkout All' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(api.calls(payments.initiatePayment)).toHaveLength(0);
  });
});
