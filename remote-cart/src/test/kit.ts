/** remote-cart's test helpers, on the shared kit (`@campus/shared/testing`). */
import { eventBus } from '@campus/shared/event-bus';
import { fakeApi, type FakeApi } from '@campus/shared/testing';

/**
 * Per test: a fresh API fake and the counts the page tells the navbar on the
 * bus. Call once at the top of a test file; read `.api` and `.counts` inside tests.
 */
export function setUpApiAndCounts(): { readonly api: FakeApi; readonly counts: { cart: number[]; wishlist: number[] } } {
  const state = { api: undefined as unknown as FakeApi, counts: { cart: [] as number[], wishlist: [] as number[] } };
  const stops: Array<() => void> = [];
  beforeEach(() => {
    state.api = fakeApi();
    state.counts.cart = [];
    state.counts.wishlist = [];
    stops.push(eventBus.on('cart:count-changed', ({ count }) => state.counts.cart.push(count)));
    stops.push(eventBus.on('wishlist:count-changed', ({ count }) => state.counts.wishlist.push(count)));
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    state.api.restore();
    localStorage.clear();
  });
  return state;
}
