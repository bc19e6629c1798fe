import { cart as cartEndpoints, wishlist } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { heldReply, makeCart, makeProduct, makeWishlistEntry, renderWithProviders, labelInNameMismatches } from '@campus/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpApiAndCounts } from '../test/kit';
import WishlistPage, { WISHLIST_LOAD_FAILED } from './WishlistPage';

const bench = setUpApiAndCounts();

const lamp = makeProduct({
  id: 'p1',
  slug: 'desk-lamp',
  name: 'Desk lamp',
  price: '3200.00',
  seller: { id: 's1', catalogueName: 'Hostel Hacks' },
});
const book = makeProduct({
  id: 'p2',
  slug: 'chem',
  name: 'Chemistry textbook',
  price: '7450.25',
  stockQuantity: 0,
  seller: { id: 's2', catalogueName: 'Book Nook' },
});

const renderWishlist = () => renderWithProviders(<WishlistPage />, { session: 'user', route: '/wishlist' });
const card = (name: string) => screen.getAllByTestId('product-card').find((el) => el.textContent?.includes(name)) as HTMLElement;

describe('/wishlist (spec section 2)', () => {
  it("says 'Your wishlist is empty' with a way to /marketplace", async () => {
    bench.api.ok(wishlist.getWishlist, []).ok(cartEndpoints.getCart, makeCart());
    renderWishlist();
    expect(await screen.findByText(MESSAGES.wishlist.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/marketplace');
  });

  it('says so when the wishlist cannot be read, with Try again', async () => {
    let up = false;
    bench.api
      .on(wishlist.getWishlist, () =>
        up
          ? { status: 200, body: { data: [makeWishlistEntry(lamp)] } }
          : { status: 500, body: { statusCode: 500, error: 'Error', message: 'boom' } },
      )
      .ok(cartEndpoints.getCart, makeCart());
    renderWishlist();
    expect(await screen.findByText(WISHLIST_LOAD_FAILED)).toBeInTheDocument();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Desk lamp')).toBeInTheDocument();
  });

  it('shows the products as product cards with Add to Cart and Remove; out of stock cannot be added', async () => {
    bench.api.ok(wishlist.getWishlist, [makeWishlistEntry(lamp), makeWishlistEntry(book)]).ok(cartEndpoints.getCart, makeCart());
    renderWishlist();
    await screen.findByText('Desk lamp');
    expect(within(card('Desk lamp')).getByRole('link', { name: 'Desk lamp' })).toHaveAttribute('href', '/product/desk-lamp');
    expect(within(card('Desk lamp')).getByText('₦3,200.00')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Desk lamp')).getByRole('button', { name: 'Add to Cart: Desk lamp' })).toBeEnabled());
    expect(within(card('Chemistry textbook')).getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(within(card('Chemistry textbook')).getByRole('button', { name: 'Remove Chemistry textbook' })).toBeEnabled();
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('removes a product and moves the wishlist badge at once, before the API answers', async () => {
    // The API's list, as it is at each read.
    let onServer = [makeWishlistEntry(lamp), makeWishlistEntry(book)];
    bench.api.on(wishlist.getWishlist, () => ({ status: 200, body: { data: onServer } })).ok(cartEndpoints.getCart, makeCart());
    const held = heldReply();
    bench.api.on(wishlist.removeFromWishlist, () => held.reply);
    renderWishlist();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Desk lamp' }));
    await waitFor(() => expect(screen.queryByText('Desk lamp')).toBeNull());
    expect(bench.counts.wishlist).toEqual([1]);
    expect(bench.api.calls(wishlist.removeFromWishlist)[0]?.params).toEqual({ productId: 'p1' });

    onServer = [makeWishlistEntry(book)];
    held.release({ status: 200, body: { message: MESSAGES.wishlist.removed } });
    await waitFor(() => expect(bench.api.calls(wishlist.getWishlist).length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText('Desk lamp')).toBeNull();
  });

  it('puts the product back when the API refuses the removal', async () => {
    bench.api.ok(wishlist.getWishlist, [makeWishlistEntry(lamp)]).ok(cartEndpoints.getCart, makeCart());
    bench.api.fail(wishlist.removeFromWishlist, 500, 'Database unavailable');
    renderWishlist();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Desk lamp' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(await screen.findByText('Desk lamp')).toBeInTheDocument();
  });

  it('adds to the cart; the cart badge follows and the card then links to the cart', async () => {
    bench.api.ok(wishlist.getWishlist, [makeWishlistEntry(lamp)]).ok(cartEndpoints.getCart, makeCart());
    bench.api.ok(cartEndpoints.addToCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }]));
    renderWishlist();
    const add = await screen.findByRole('button', { name: 'Add to Cart: Desk lamp' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByRole('link', { name: /In Cart/ })).toHaveAttribute('href', '/cart');
    expect(bench.api.calls(cartEndpoints.addToCart)[0]?.body).toEqual({ items: [{ productId: 'p1', quantity: 1 }], cartId: 'cart-1' });
    expect(bench.counts.cart.at(-1)).toBe(1);
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it("shows 'Failed to add items to cart.' when adding fails", async () => {
    bench.api.ok(wishlist.getWishlist, [makeWishlistEntry(lamp)]).ok(cartEndpoints.getCart, makeCart());
    bench.api.fail(cartEndpoints.addToCart, 500, 'boom');
    renderWishlist();
    const add = await screen.findByRole('button', { name: 'Add to Cart: Desk lamp' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByText(MESSAGES.cart.addFailed)).toBeInTheDocument();
  });
});
