import { screen } from '@testing-library/react';
import { cart, payments, wishlist } from '@campus/shared/endpoints';
import { REMOTES } from '@campus/shared/federation';
import { sampleUrl } from '@campus/shared/remote-routes';
import { fakeApi, makeCart, renderWithProviders } from '@campus/shared/testing';
import CartApp from './App';
import { CART_SCREENS } from './routes';

const contract = REMOTES.remoteCart.screens;

describe('cart remote routes (federation contract)', () => {
  it('has exactly one screen for every screen the contract lists', () => {
    expect(Object.keys(CART_SCREENS).sort()).toEqual(contract.map((s) => s.id).sort());
  });

  it.each(contract.map((s) => [s.path, s.id] as const))('%s renders its screen', async (path, id) => {
    const api = fakeApi()
      .ok(cart.getCart, makeCart())
      .ok(wishlist.getWishlist, [])
      .ok(payments.verifyPayment, { reference: 'ref-1', status: 'failed', amount: '0.00', orders: [] });
    const route = id === 'checkoutCallback' ? `${sampleUrl(path)}?reference=ref-1` : sampleUrl(path);
    renderWithProviders(<CartApp />, { route, session: 'user' });
    const expected = { cart: 'Cart', wishlist: 'Wishlist', checkoutCallback: 'Payment' }[id];
    expect(await screen.findByRole('heading', { level: 1, name: expected })).toBeInTheDocument();
    api.restore();
  });

  it('renders nothing for paths it does not own (the shell decides those)', () => {
    // react-router warns "No routes matched": expected, the shell routes only owned paths here.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = renderWithProviders(<CartApp />, { route: '/marketplace' });
    expect(container.querySelector('h1')).toBeNull();
    warn.mockRestore();
  });
});
