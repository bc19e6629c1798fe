import { wishlist } from '@campus/shared/endpoints';
import { eventBus } from '@campus/shared/event-bus';
import {
  envelope,
  errorBody,
  fakeApi,
  makeProduct,
  makeWishlistEntry,
  renderWithProviders,
  withParams,
  type FakeApi,
} from '@campus/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WishlistButton } from './WishlistButton';

let api: FakeApi;
let counts: number[];
let stop: () => void;

beforeEach(() => {
  api = fakeApi();
  counts = [];
  stop = eventBus.on('wishlist:count-changed', ({ count }) => counts.push(count));
});
afterEach(() => stop());

const heart = (name: RegExp) => screen.findByRole('button', { name });
const removeP1 = withParams(wishlist.removeFromWishlist, { productId: 'p1' });

/** A server-side wishlist: GET answers what add and remove left behind. */
function serveWishlist(initial: string[]) {
  const ids = new Set(initial);
  api.on(wishlist.getWishlist, () => ({ status: 200, body: envelope([...ids].map((id) => makeWishlistEntry(makeProduct({ id })))) }));
  api.on(wishlist.addToWishlist, (request) => {
    const { productId } = request.body as { productId: string };
    ids.add(productId);
    return { status: 201, body: envelope(makeWishlistEntry(makeProduct({ id: productId }))) };
  });
  api.on(removeP1, () => {
    ids.delete('p1');
    return { status: 200, body: { message: 'Product removed from wishlist' } };
  });
  return ids;
}

describe('WishlistButton (spec section 4, the heart)', () => {
  it('adds when absent and removes when present, telling the navbar each count', async () => {
    serveWishlist(['other']);
    renderWithProviders(<WishlistButton productId="p1" productName="iPhone 12" />, { session: 'user' });
    const add = await heart(/Add iPhone 12 to wishlist/);
    await waitFor(() => expect(add).toBeEnabled());
    expect(add).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(add);
    const remove = await heart(/Remove iPhone 12 from wishlist/);
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect(api.requests.find((c) => c.method === 'POST')?.body).toEqual({ productId: 'p1' });
    await waitFor(() => expect(counts.at(-1)).toBe(2));

    await waitFor(() => expect(remove).toBeEnabled());
    await userEvent.click(remove);
    await heart(/Add iPhone 12 to wishlist/);
    expect(api.calls(removeP1).length).toBe(1);
    await waitFor(() => expect(counts.at(-1)).toBe(1));
  });

  it("treats 400 'already in your wishlist' as success (spec section 8)", async () => {
    const ids = serveWishlist([]);
    api.on(wishlist.addToWishlist, () => {
      ids.add('p1'); // another tab added it first
      return { status: 400, body: errorBody(400, 'Product is already in your wishlist') };
    });
    renderWithProviders(<WishlistButton productId="p1" productName="iPhone 12" />, { session: 'user' });
    const add = await heart(/Add iPhone 12 to wishlist/);
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await heart(/Remove iPhone 12 from wishlist/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("treats 400 'not in your wishlist' on remove as success (spec section 8)", async () => {
    const ids = serveWishlist(['p1']);
    api.on(removeP1, () => {
      ids.delete('p1');
      return { status: 400, body: errorBody(400, 'Product is not in your wishlist') };
    });
    renderWithProviders(<WishlistButton productId="p1" productName="iPhone 12" />, { session: 'user' });
    const remove = await heart(/Remove iPhone 12 from wishlist/);
    await waitFor(() => expect(remove).toBeEnabled());
    await userEvent.click(remove);
    expect(await heart(/Add iPhone 12 to wishlist/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(counts.at(-1)).toBe(0));
  });

  it('shows the server message when a change fails, and the heart stays as it was', async () => {
    serveWishlist([]);
    api.fail(wishlist.addToWishlist, 500, 'Database unavailable');
    renderWithProviders(<WishlistButton productId="p1" productName="iPhone 12" />, { session: 'user' });
    const add = await heart(/Add iPhone 12 to wishlist/);
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: /Add iPhone 12 to wishlist/ })).toBeInTheDocument();
  });

  it('reads the wishlist once while it is fresh (2 minutes); a change reads it again', async () => {
    serveWishlist([]);
    const { queryClient, unmount } = renderWithProviders(<WishlistButton productId="p1" productName="A" />, { session: 'user' });
    await waitFor(() => expect(screen.getByRole('button', { name: /Add A to wishlist/ })).toBeEnabled());
    unmount();
    renderWithProviders(<WishlistButton productId="p1" productName="A" />, { queryClient, session: 'user' });
    await waitFor(() => expect(screen.getByRole('button', { name: /Add A to wishlist/ })).toBeEnabled());
    expect(api.calls(wishlist.getWishlist).length).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: /Add A to wishlist/ }));
    await screen.findByRole('button', { name: /Remove A from wishlist/ });
    expect(api.calls(wishlist.getWishlist).length).toBe(2);
  });
});
