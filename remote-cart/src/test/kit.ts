/** remote-cart's test helpers, on the shared kit (`@campus/shared/testing`). */
import { eventBus } from '@campus/shared/event-bus';
import { setUpFakeApi, type FakeApi } from '@campus/shared/testing';

/**
 * Per test: a fresh API fake and the counts the page tells the navbar on the
 * bus. Call once at the top of a test file; read `.api` and `.counts` inside tests.
 */
export function setUpApiAndCounts(): { readonly api: FakeApi; readonly counts: { cart: number[]; wishlist: number[] } } {
  const fake = setUpFakeApi();
  const counts = { cart: [] as number[], wishlist: [] as number[] };
  const state = {
    get api() {
      return fake.api;
    },
    counts,
  };
  const stops: Array<() => void> = [];
  beforeEach(() => {
    state.counts.cart = [];
    state.counts.wishlist = [];
    stops.push(eventBus.on('cart:count-changed', ({ count }) => state.counts.cart.push(count)));
    stops.push(eventBus.on('wishlist:count-changed', ({ count }) => state.counts.wishlist.push(count)));
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
  });
  return state;
}
