import { cart as cartEndpoints } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { createTestQueryClient, heldReply, makeCart, renderWithProviders, labelInNameMismatches } from '@campus/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpApiAndCounts } from '../test/kit';
import CartPage from './CartPage';
import { queryKeys } from '@campus/shared/query-keys';

const bench = setUpApiAndCounts();

/** Two lines from two stores: 2 × ₦3,200 from Hostel Hacks and 1 × ₦7,450.25 from Book Nook. */
const LAMP = {
  id: 'i1',
  productId: 'p1',
  quantity: 2,
  name: 'Desk lamp',
  price: '3200.00',
  stock: 5,
  sellerId: 's1',
  catalogueName: 'Hostel Hacks',
};
const TEXTBOOK = {
  id: 'i2',
  productId: 'p2',
  quantity: 1,
  name: 'Chemistry textbook',
  price: '7450.25',
  stock: 1,
  sellerId: 's2',
  catalogueName: 'Book Nook',
};
const twoStores = () => makeCart([LAMP, TEXTBOOK]);

const renderCart = (options: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(<CartPage />, { session: 'user', route: '/cart', ...options });

const line = (name: string) => screen.getAllByTestId('cart-line').find((el) => el.textContent?.includes(name)) as HTMLElement;

describe('/cart (spec section 2)', () => {
  it('says the cart is empty, with Start Shopping to /marketplace', async () => {
    bench.api.ok(cartEndpoints.getCart, makeCart());
    renderCart();
    expect(await screen.findByText(MESSAGES.cart.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/marketplace');
    expect(screen.queryByRole('button', { name: 'Checkout All' })).toBeNull();
  });

  it('groups the items by store (each store linking to its catalogue) and sums them in the order summary', async () => {
    bench.api.ok(cartEndpoints.getCart, twoStores());
    renderCart();
    const hacks = await screen.findByRole('region', { name: 'Hostel Hacks' });
    expect(within(hacks).getByRole('link', { name: 'Hostel Hacks' })).toHaveAttribute('href', '/seller/s1/catalogue');
    expect(within(hacks).getByRole('link', { name: 'Desk lamp' })).toHaveAttribute('href', '/product/p1-slug');
    expect(within(hacks).getByText('₦3,200.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Book Nook' })).getByText('Chemistry textbook')).toBeInTheDocument();
    // 2 × 3,200 + 7,450.25
    expect(screen.getByTestId('summary-items')).toHaveTextContent('3');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₦13,850.25');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/marketplace');
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('reads the cart again when the page opens, even with a fresh copy in the cache (stock re-checked)', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.cart.all(), twoStores());
    bench.api.ok(
      cartEndpoints.getCart,
      makeCart([{ id: 'i1', productId: 'p1', quantity: 2, name: 'Desk lamp', price: '3200.00', stock: 0 }]),
    );
    renderCart({ queryClient });
    expect(await screen.findByText(/Not counted in the total/)).toBeInTheDocument();
    expect(bench.api.calls(cartEndpoints.getCart)).toHaveLength(1);
  });

  it('never goes below 1 with minus, nor above the stock with plus', async () => {
    bench.api.ok(cartEndpoints.getCart, twoStores());
    renderCart();
    await screen.findByText('Desk lamp');
    expect(screen.getByRole('button', { name: 'Decrease quantity of Chemistry textbook' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of Chemistry textbook' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Desk lamp' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of Desk lamp' })).toBeEnabled();
  });

  it('changes a quantity through the API, disables every button while it is on its way, and moves the badge', async () => {
    bench.api.ok(cartEndpoints.getCart, twoStores());
    const held = heldReply();
    bench.api.on(cartEndpoints.updateCartItem, () => held.reply);
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Desk lamp' }));

    expect(bench.api.calls(cartEndpoints.updateCartItem)[0]).toMatchObject({ params: { itemId: 'i1' }, body: { quantity: 3 } });
    for (const name of ['Increase quantity of Desk lamp', 'Remove Desk lamp', 'Remove Chemistry textbook', 'Clear Cart', 'Checkout All']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }

    const next = makeCart([{ ...LAMP, quantity: 3 }, TEXTBOOK]);
    held.release({ status: 200, body: { data: next } });
    await waitFor(() => expect(within(line('Desk lamp')).getByTestId('cart-quantity')).toHaveTextContent('3'));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₦17,050.25');
    expect(screen.getByRole('button', { name: 'Clear Cart' })).toBeEnabled();
    expect(bench.counts.cart.at(-1)).toBe(4);
  });

  it('removes one line', async () => {
    bench.api.ok(cartEndpoints.getCart, twoStores());
    bench.api.ok(cartEndpoints.removeCartItem, makeCart([TEXTBOOK]));
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Desk lamp' }));
    await waitFor(() => expect(screen.queryByText('Desk lamp')).toBeNull());
    expect(bench.api.calls(cartEndpoints.removeCartItem)[0]?.params).toEqual({ itemId: 'i1' });
    expect(bench.counts.cart.at(-1)).toBe(1);
  });

  it("shows the server's reason for a refused change in a red panel and reads the cart again", async () => {
    bench.api.ok(cartEndpoints.getCart, twoStores());
    bench.api.fail(cartEndpoints.updateCartItem, 400, 'Only 2 of "Desk lamp" are in stock.');
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Desk lamp' }));
    const panel = await screen.findByTestId('error-panel');
    expect(panel).toHaveAttribute('role', 'alert');
    expect(panel).toHaveTextContent('Only 2 of "Desk lamp" are in stock.');
    await waitFor(() => expect(bench.api.calls(cartEndpoints.getCart)).toHaveLength(2));
  });

  it("asks 'Are you sure you want to clear your cart?' and clears only when confirmed", async () => {
    bench.api.ok(cartEndpoints.getCart, twoStores());
    bench.api.ok(cartEndpoints.clearCart, makeCart());
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.cart.clearConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bench.api.calls(cartEndpoints.clearCart)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText(MESSAGES.cart.empty)).toBeInTheDocument();
    expect(bench.api.calls(cartEndpoints.clearCart)).toHaveLength(1);
    expect(bench.counts.cart.at(-1)).toBe(0);
  });

  it('marks a product that went out of stock, leaves it out of the total and holds the checkout until it is removed', async () => {
    bench.api.ok(
      cartEndpoints.getCart,
      makeCart([
        { id: 'i1', productId: 'p1', quantity: 2, name: 'Desk lamp', price: '3200.00', stock: 0 },
        { id: 'i2', productId: 'p2', quantity: 1, name: 'Chemistry textbook', price: '7450.25', stock: 3 },
      ]),
    );
    renderCart();
    const lamp = await screen.findByText('Desk lamp');
    expect(within(line('Desk lamp')).getByText('Out of stock')).toBeInTheDocument();
    expect(lamp).toBeInTheDocument();
    expect(screen.getByTestId('summary-items')).toHaveTextContent('1');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₦7,450.25');
    expect(screen.getByTestId('summary-problems')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout All' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Desk lamp' })).toBeEnabled();
  });

  it('offers to lower a line to the stock that is left', async () => {
    bench.api.ok(
      cartEndpoints.getCart,
      makeCart([{ id: 'i1', productId: 'p1', quantity: 4, name: 'Desk lamp', price: '3200.00', stock: 2 }]),
    );
    bench.api.ok(
      cartEndpoints.updateCartItem,
      makeCart([{ id: 'i1', productId: 'p1', quantity: 2, name: 'Desk lamp', price: '3200.00', stock: 2 }]),
    );
    renderCart();
    expect(await screen.findByText(/Only 2 left in stock/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout All' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Change to 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Checkout All' })).toBeEnabled());
    expect(bench.api.calls(cartEndpoints.updateCartItem)[0]?.body).toEqual({ quantity: 2 });
  });

  it('says so when the cart cannot be read, with Try again', async () => {
    let up = false;
    bench.api.on(cartEndpoints.getCart, () =>
      up ? { status: 200, body: { data: twoStores() } } : { status: 500, body: { statusCode: 500, error: 'Error', message: 'boom' } },
    );
    renderCart();
    expect(await screen.findByText('Failed to load your cart. Please try again.')).toBeInTheDocument();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Desk lamp')).toBeInTheDocument();
  });
});
