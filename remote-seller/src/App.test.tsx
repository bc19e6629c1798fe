import { screen } from '@testing-library/react';
import { REMOTES } from '@campus/shared/federation';
import { sampleUrl } from '@campus/shared/remote-routes';
import { renderWithProviders } from '@campus/shared/testing';
import SellerApp from './App';
import { SELLER_SCREENS } from './routes';

const contract = REMOTES.remoteSeller.screens;

describe('seller remote routes (federation contract)', () => {
  it('has exactly one screen for every screen the contract lists', () => {
    expect(Object.keys(SELLER_SCREENS).sort()).toEqual(contract.map((s) => s.id).sort());
  });

  it.each(contract.map((s) => [s.path, 'seller' in s ? s.seller.title : 'Become a seller'] as const))(
    '%s renders its screen (%s)',
    (path, title) => {
      renderWithProviders(<SellerApp />, { route: sampleUrl(path) });
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    },
  );

  it('/seller/products/add is the Add Product screen, not the product details of an id "add"', () => {
    renderWithProviders(<SellerApp />, { route: '/seller/products/add' });
    expect(screen.getByRole('heading', { level: 1, name: 'Add Product' })).toBeInTheDocument();
  });
});
