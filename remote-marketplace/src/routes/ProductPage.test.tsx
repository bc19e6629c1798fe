import { cart, products, wishlist } from '@campus/shared/endpoints';
import { eventBus } from '@campus/shared/event-bus';
import { conversationHref } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import {
  envelope,
  fakeApi,
  renderWithProviders,
  withParams,
  type FakeApi,
  type SessionFixture,
  labelInNameMismatches,
} from '@campus/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../App';
import { makeCart, makeProduct } from '@campus/shared/testing';
import type { ProductDetail } from '../features/product/api/get-product';

let api: FakeApi;

beforeEach(() => {
  api = fakeApi().ok(cart.getCart, makeCart()).ok(wishlist.getWishlist, []);
});

/** GET /products/{slug} for one slug (or id). */
const productAt = (slug: string) => withParams(products.getProduct, { slug });

function show(product: Partial<ProductDetail> = {}, route = '/product/iphone-12-p1', session: SessionFixture = 'user') {
  api.ok(productAt(route.replace('/product/', '')), makeProduct(product));
  return renderWithProviders(<App />, { route, session });
}

describe('ProductPage', () => {
  it('shows a spinner, then the product: name, price in naira, gallery, category link, seller, notes', async () => {
    show({ price: '12500.50' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 12' })).toBeInTheDocument();
    expect(screen.getAllByTestId('price')[0]).toHaveTextContent('₦12,500.50');
    expect(screen.getByRole('img', { name: 'iPhone 12, photo 1 of 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('img', { name: 'iPhone 12, photo 2 of 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 1' }));
    expect(screen.getByRole('img', { name: 'iPhone 12, photo 1 of 2' })).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Electronics' }))
      expect(link).toHaveAttribute('href', '/category/c-electronics');
    expect(screen.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(screen.getByRole('link', { name: /View Store/ })).toHaveAttribute('href', '/seller/seller-2/catalogue');
    const notes = screen.getByTestId('product-notes');
    expect(notes).toHaveTextContent('Free shipping on orders over ₦50,000.00');
    expect(notes).toHaveTextContent('30-day returns');
    expect(notes).toHaveTextContent('Campus pickup');
    // WCAG 2.5.3: every control's name holds the words it shows.
    expect(labelInNameMismatches(document.body)).toEqual([]);
  });

  it('has a Share button whose fallback links to the product by its slug', async () => {
    const user = userEvent.setup();
    show({}, '/product/p1');
    await user.click(await screen.findByRole('button', { name: 'Share this product' }));
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain(
      encodeURIComponent(`${window.location.origin}/product/iphone-12-p1`),
    );
  });

  it('tells the page once the product (or its error) is on screen, not while it loads', async () => {
    // The shell's navbar counts start then (shell/src/app/layout/main-content.ts).
    const announced: string[] = [];
    const stopListening = eventBus.on('page:main-content-shown', ({ path }) => announced.push(path));
    show();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(announced).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 12' })).toBeInTheDocument();
    await waitFor(() => expect(announced).toEqual(['/product/iphone-12-p1']));
    stopListening();
  });

  it.each([
    [0, 'Out of stock'],
    [7, 'Only 7 left in stock'],
    [25, 'In stock (25 available)'],
  ])('stock %i reads "%s"', async (stockQuantity, text) => {
    show({ stockQuantity, inStock: stockQuantity > 0 });
    expect(await screen.findByTestId('stock-text')).toHaveTextContent(text);
    if (stockQuantity === 0) expect(await screen.findByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    else expect(await screen.findByRole('button', { name: 'Add to Cart: iPhone 12' })).toBeInTheDocument();
  });

  it('notes that an item over ₦50,000 qualifies for free shipping', async () => {
    show({ price: '50000.01' });
    expect(await screen.findByText(/This item qualifies/)).toBeInTheDocument();
  });

  it('works with an id in the link instead of a slug', async () => {
    show({}, '/product/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 12' })).toBeInTheDocument();
    expect(api.calls(productAt('p1')).length).toBe(1);
  });

  it("'Product not found' with Back to Marketplace on a 404", async () => {
    api.fail(productAt('nope'), 404, 'Product not found');
    renderWithProviders(<App />, { route: '/product/nope', session: 'user' });
    expect(await screen.findByText(MESSAGES.products.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Marketplace/ })).toHaveAttribute('href', '/marketplace');
  });

  it("'Failed to load product details' on other errors", async () => {
    api.fail(productAt('x'), 500, 'boom');
    renderWithProviders(<App />, { route: '/product/x', session: 'user' });
    expect(await screen.findByText(MESSAGES.products.detailFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Marketplace/ })).toBeInTheDocument();
  });

  it("Message is a link to the conversation about this product, by the product's id (not its slug)", async () => {
    show({ id: 'p1', slug: 'iphone-12-p1' });
    const message = await screen.findByRole('link', { name: 'Message' });
    expect(message).toHaveAttribute('href', conversationHref({ productId: 'p1' }));
    expect(message).toHaveAttribute('href', '/chat?product=p1');
  });

  it('the owner sees no cart, wishlist or Message buttons', async () => {
    show({ seller: { id: 'seller-1', catalogueName: 'Ada Gadgets' } }, '/product/iphone-12-p1', 'seller');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /wishlist/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Message/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Message/ })).toBeNull();
    expect(screen.getByText('This is your product.')).toBeInTheDocument();
  });

  it("shows the listing's condition beside the stock and in Additional Info; nothing when the seller has not said", async () => {
    const { unmount } = show({ condition: 'used' });
    expect(await screen.findByTestId('product-condition')).toHaveTextContent('Condition: Used');
    expect(screen.getByRole('rowheader', { name: 'Condition' })).toBeInTheDocument();
    unmount();
    show({ condition: null });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('product-condition')).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Condition' })).toBeNull();
  });

  it('tabs: Additional Info, Questions placeholder, Reviews empty and filled', async () => {
    const { unmount } = show();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('tab', { name: 'Additional Info' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('rowheader', { name: 'Category' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Questions' }));
    expect(await screen.findByText(/No questions yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Reviews/ }));
    expect(await screen.findByText(MESSAGES.products.noReviews)).toBeInTheDocument();
    unmount();

    show({
      ratings: [{ rating: 4, review: 'Works great', createdAt: '2026-04-02T09:00:00.000Z', user: { firstName: 'Chidi' } }],
      averageRating: 4,
      totalRatings: 1,
    });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('tab', { name: /Reviews/ }));
    const reviews = await screen.findByTestId('reviews');
    expect(within(reviews).getByText('Chidi')).toBeInTheDocument();
    expect(within(reviews).getByText('Works great')).toBeInTheDocument();
    expect(within(reviews).getByText('2 April 2026')).toBeInTheDocument();
  });

  it('adds to the cart from the detail page', async () => {
    api.on(cart.addToCart, (request) => {
      expect(request.body).toEqual({ items: [{ productId: 'p1', quantity: 1 }], cartId: 'cart-1' });
      return { status: 201, body: envelope(makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }])) };
    });
    show();
    const add = await screen.findByRole('button', { name: 'Add to Cart: iPhone 12' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByTestId('cart-quantity')).toHaveTextContent('1');
  });

  it("counts a view of the page: once per page shown, with this browser's visitor key; never the store's own", async () => {
    api.ok(withParams(products.recordProductView, { id: 'p1' }), { counted: true });
    show();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 12' });
    await waitFor(() => expect(api.calls(withParams(products.recordProductView, { id: 'p1' }))).toHaveLength(1));
    const body = api.calls(withParams(products.recordProductView, { id: 'p1' }))[0]?.body as { visitorKey?: string };
    expect(body.visitorKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(window.localStorage.getItem('campus.visitorKey')).toBe(body.visitorKey);
  });
});
