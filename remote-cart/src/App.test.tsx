import { screen } from '@testing-library/react';
import { REMOTES } from '@campus/shared/federation';
import { sampleUrl } from '@campus/shared/remote-routes';
import { renderWithProviders } from '@campus/shared/testing';
import CartApp from './App';
import { CART_SCREENS } from './routes';

const contract = REMOTES.remoteCart.screens;

describe('cart remote routes (federation contract)', () => {
  it('has exactly one screen for every screen the contract lists', () => {
    expect(Object.keys(CART_SCREENS).sort()).toEqual(contract.map((s) => s.id).sort());
  });

  it.each(contract.map((s) => [s.path, s.id] as const))('%s renders its screen', (path, id) => {
    renderWithProviders(<CartApp />, { route: sampleUrl(path) });
    const expected = { cart: 'Cart', wishlist: 'Wishlist', checkoutCallback: 'Payment' }[id];
    expect(screen.getByRole('heading', { level: 1, name: expected })).toBeInTheDocument();
    expect(screen.getByText('This part of the marketplace is being built.')).toBeInTheDocument();
  });

  it('renders nothing for paths it does not own (the shell decides those)', () => {
    // react-router warns "No routes matched": expected, the shell routes only owned paths here.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = renderWithProviders(<CartApp />, { route: '/marketplace' });
    expect(container.querySelector('h1')).toBeNull();
    warn.mockRestore();
  });
});
