import { setAuthNavigator } from '@campus/shared/api-client';
import { cart } from '@campus/shared/endpoints';
import { eventBus } from '@campus/shared/event-bus';
import { MESSAGES } from '@campus/shared/messages';
import {
  createTestQueryClient,
  envelope,
  fakeApi,
  heldReply,
  labelInNameMismatches,
  makeCart,
  renderWithProviders,
  withParams,
  type FakeApi,
} from '@campus/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartButton } from './CartButton';
import { queryKeys } from '@campus/shared/query-keys';

let api: FakeApi;
let counts: number[];
let stop: () => void;

beforeEach(() => {
  api = fakeApi();
  counts = [];
  stop = eventBus.on('cart:count-changed', ({ count }) => counts.push(count));
});
afterEach(() => {
  stop();
  jest.restoreAllMocks();
});

function renderButton(stockQuantity = 4, options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(<CartButton productId="p1" productName="iPhone 12" stockQuantity={stockQuantity} />, {
    session: 'user',
    ...options,
  });
}

describe('CartButton (spec section 4)', () => {
  it('shows a disabled Out of Stock button at stock 0', async () => {
    api.ok(cart.getCart, makeCart());
    renderButton(0);
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await waitFor(() => expect(api.calls(cart.getCart).length).toBe(1));
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });

  it('is busy until the cart is known: disabled and aria-busy while it is read, then neither', async () => {
    const gate = heldReply();
    api.on(cart.getCart, () => gate.reply);
    renderButton();
    const add = await screen.findByRole('button', { name: 'Add to Cart: iPhone 12' });
    expect(add).toBeDisabled();
    expect(add).toHaveAttribute('aria-busy', 'true');
    gate.release({ status: 200, body: envelope(makeCart()) });
    await waitFor(() => expect(add).toBeEnabled());
    expect(add).toHaveAttribute('aria-busy', 'false');
  });

  it('adds to the cart, shows the stepper from the answer, and tells the navbar the new count', async () => {
    api.ok(cart.getCart, makeCart());
    api.ok(cart.addToCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }]));
    renderButton();
    // The visible words start the accessible name (WCAG 2.5.3), the product tells buttons apart.
    const add = await screen.findByRole('button', { name: 'Add to Cart: iPhone 12' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByTestId('cart-quantity')).toHaveTextContent('1');
    expect(api.requests.find((c) => c.method === 'POST')?.body).toEqual({ items: [{ productId: 'p1', quantity: 1 }], cartId: 'cart-1' });
    expect(counts.at(-1)).toBe(1);
    // The change's answer is the new cart: no second read is needed.
    expect(api.calls(cart.getCart).length).toBe(1);
  });

  it("forgets the previous student's cart when the session changes hands", async () => {
    const queryClient = createTestQueryClient();
    api.ok(cart.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 2 }]));
    const first = renderButton(4, { queryClient });
    expect(await screen.findByTestId('cart-quantity')).toHaveTextContent('2');
    first.unmount();
    eventBus.emit('session:signed-out', {});
    expect(queryClient.getQueryData(queryKeys.cart.all())).toBeUndefined();

    // The next student signs in within the 2-minute cache time: their own cart is read, not the previous one.
    api.ok(cart.getCart, makeCart());
    eventBus.emit('session:signed-in', { user: {} as never });
    renderButton(4, { queryClient });
    await waitFor(() => expect(api.calls(cart.getCart).length).toBe(2));
    expect(await screen.findByRole('button', { name: 'Add to Cart: iPhone 12' })).toBeEnabled();
  });

  it('shows the add failure text', async () => {
    api.ok(cart.getCart, makeCart());
    api.fail(cart.addToCart, 500, 'boom');
    renderButton();
    const add = await screen.findByRole('button', { name: 'Add to Cart: iPhone 12' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.cart.addFailed);
  });

  it('says what it shows while adding: "Adding..." is in its name (WCAG 2.5.3)', async () => {
    const gate = heldReply();
    api.ok(cart.getCart, makeCart());
    api.on(cart.addToCart, () => gate.reply);
    const { container } = renderButton();
    const add = await screen.findByRole('button', { name: 'Add to Cart: iPhone 12' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    const busy = await screen.findByRole('button', { name: 'Adding... iPhone 12' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent('Adding...');
    expect(labelInNameMismatches(container)).toEqual([]);
    gate.release({ status: 200, body: envelope(makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }])) });
    expect(await screen.findByTestId('cart-quantity')).toHaveTextContent('1');
  });

  it('increases with PATCH, disables the stepper while updating, and stops at the stock', async () => {
    const gate = heldReply();
    api.ok(cart.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 1, stock: 2 }]));
    api.on(withParams(cart.updateCartItem, { itemId: 'i1' }), () => gate.reply);
    renderButton(2);
    const plus = await screen.findByRole('button', { name: 'Increase quantity of iPhone 12' });
    await userEvent.click(plus);
    expect(plus).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove iPhone 12 from cart' })).toBeDisabled();
    gate.release({ status: 200, body: envelope(makeCart([{ id: 'i1', productId: 'p1', quantity: 2, stock: 2 }])) });
    await waitFor(() => expect(screen.getByTestId('cart-quantity')).toHaveTextContent('2'));
    expect(api.requests.find((c) => c.method === 'PATCH')?.body).toEqual({ quantity: 2 });
    // At the stock (2) the plus button stays disabled; minus is enabled again.
    expect(screen.getByRole('button', { name: 'Increase quantity of iPhone 12' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of iPhone 12' })).toBeEnabled();
    expect(counts.at(-1)).toBe(2);
  });

  it('decreasing from 1 removes the item (DELETE) and goes back to Add to Cart', async () => {
    api.ok(cart.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }]));
    api.ok(withParams(cart.removeCartItem, { itemId: 'i1' }), makeCart());
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove iPhone 12 from cart' }));
    expect(await screen.findByRole('button', { name: 'Add to Cart: iPhone 12' })).toBeInTheDocument();
    expect(api.calls(withParams(cart.removeCartItem, { itemId: 'i1' })).length).toBe(1);
    expect(api.calls(withParams(cart.updateCartItem, { itemId: 'i1' })).length).toBe(0);
    expect(counts.at(-1)).toBe(0);
  });

  it('reads the cart once for many buttons within 2 minutes, and again after (spec section 4 cache)', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const queryClient = createTestQueryClient();
    api.ok(cart.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 3 }]));
    const first = renderWithProviders(
      <>
        <CartButton productId="p1" productName="iPhone 12" stockQuantity={9} />
        <CartButton productId="p2" productName="Book" stockQuantity={9} />
      </>,
      { queryClient, session: 'user' },
    );
    expect(await screen.findByTestId('cart-quantity')).toHaveTextContent('3');
    first.unmount();
    expect(api.calls(cart.getCart).length).toBe(1);

    now.mockReturnValue(1_000_000 + 2 * 60_000 - 1);
    const second = renderButton(9, { queryClient });
    expect(await screen.findByTestId('cart-quantity')).toHaveTextContent('3');
    expect(api.calls(cart.getCart).length).toBe(1);
    second.unmount();

    now.mockReturnValue(1_000_000 + 2 * 60_000 + 1);
    renderButton(9, { queryClient });
    await waitFor(() => expect(api.calls(cart.getCart).length).toBe(2));
  });

  it('reads the cart again when another tab or remote announces a different count', async () => {
    api.ok(cart.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }]));
    renderButton();
    expect(await screen.findByTestId('cart-quantity')).toHaveTextContent('1');
    api.ok(cart.getCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 3 }]));
    eventBus.emit('cart:count-changed', { count: 3 });
    await waitFor(() => expect(screen.getByTestId('cart-quantity')).toHaveTextContent('3'));
    expect(api.calls(cart.getCart).length).toBe(2);
  });

  it('treats a 401 on read as an empty cart', async () => {
    api.fail(cart.getCart, 401, 'Unauthorized');
    setAuthNavigator(() => undefined);
    renderButton();
    const add = await screen.findByRole('button', { name: 'Add to Cart: iPhone 12' });
    await waitFor(() => expect(add).toBeEnabled());
    expect(within(document.body).queryByTestId('cart-quantity')).toBeNull();
  });
});
