import { eventBus } from '@campus/shared/event-bus';
import { renderWithProviders } from '@campus/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, mockApi, type MockApi } from '../../../test/mock-api';
import { resetMarketplaceState } from '../../../test/reset';
import { WishlistButton } from './WishlistButton';

let api: MockApi;
let counts: number[];
let stop: () => void;

beforeEach(() => {
  resetMarketplaceState();
  api = mockApi();
  counts = [];
  stop = eventBus.on('wishlist:count-changed', ({ count }) => counts.push(count));
});
afterEach(() => stop());

const heart = (name: RegExp) => screen.findByRole('button', { name });

describe('WishlistButton', () => {
  it('adds when absent and removes when present, telling the navbar each count', async () => {
    api.on('GET /wishlist', [200, { data: [{ productId: 'other' }] }]);
    api.on('POST /wishlist/add', [201, { message: 'added' }]);
    api.on('DELETE /wishlist/remove/p1', [200, { message: 'removed' }]);
    renderWithProviders(<WishlistButton productId="p1" productName="iPhone 12" />);
    const add = await heart(/Add iPhone 12 to wishlist/);
    await waitFor(() => expect(add).toBeEnabled());
    expect(add).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(add);
    const remove = await heart(/Remove iPhone 12 from wishlist/);
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ productId: 'p1' });
    expect(counts.at(-1)).toBe(2);

    await userEvent.click(remove);
    await heart(/Add iPhone 12 to wishlist/);
    expect(api.count('DELETE /wishlist/remove/p1')).toBe(1);
    expect(counts.at(-1)).toBe(1);
  });

  it("treats 400 'already in your wishlist' as success", async () => {
    api.on('GET /wishlist', [200, { data: [] }]);
    api.on('POST /wishlist/add', [400, errorBody(400, 'Product is already in your wishlist')]);
    renderWithProviders(<WishlistButton productId="p1" productName="iPhone 12" />);
    const add = await heart(/Add iPhone 12 to wishlist/);
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await heart(/Remove iPhone 12 from wishlist/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("treats 400 'not in your wishlist' on remove as success; reads entries given as product.id", async () => {
    api.on('GET /wishlist', [200, { data: [{ product: { id: 'p1' } }] }]);
    api.on('DELETE /wishlist/remove/p1', [400, errorBody(400, 'Product is not in your wishlist')]);
    renderWithProviders(<WishlistButton productId="p1" productName="iPhone 12" />);
    const remove = await heart(/Remove iPhone 12 from wishlist/);
    await userEvent.click(remove);
    expect(await heart(/Add iPhone 12 to wishlist/)).toBeInTheDocument();
    expect(counts.at(-1)).toBe(0);
  });

  it('shows the server message when a change fails, and the heart stays as it was', async () => {
    api.on('GET /wishlist', [200, { data: [] }]);
    api.on('POST /wishlist/add', [500, errorBody(500, 'Database unavailable')]);
    renderWithProviders(<WishlistButton productId="p1" productName="iPhone 12" />);
    const add = await heart(/Add iPhone 12 to wishlist/);
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: /Add iPhone 12 to wishlist/ })).toBeInTheDocument();
  });

  it('reads the wishlist once within 2 minutes; a change empties the cache', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(5_000_000);
    api.on('GET /wishlist', [200, { data: [] }]);
    api.on('POST /wishlist/add', [201, {}]);
    const first = renderWithProviders(<WishlistButton productId="p1" productName="A" />);
    await waitFor(() => expect(screen.getByRole('button', { name: /Add A to wishlist/ })).toBeEnabled());
    first.unmount();
    now.mockReturnValue(5_000_000 + 60_000);
    const second = renderWithProviders(<WishlistButton productId="p1" productName="A" />);
    await waitFor(() => expect(screen.getByRole('button', { name: /Add A to wishlist/ })).toBeEnabled());
    expect(api.count('GET /wishlist')).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: /Add A to wishlist/ }));
    await screen.findByRole('button', { name: /Remove A from wishlist/ });
    second.unmount();
    // The change emptied the cache, so the next screen reads again.
    renderWithProviders(<WishlistButton productId="p1" productName="A" />);
    await waitFor(() => expect(api.count('GET /wishlist')).toBe(2));
    now.mockRestore();
  });
});
