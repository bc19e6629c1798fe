import { screen } from '@testing-library/react';
import { REMOTES } from '@campus/shared/federation';
import { sampleUrl } from '@campus/shared/remote-routes';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import SellerApp from './App';
import { SELLER_SCREENS } from './routes';

const contract = REMOTES.remoteSeller.screens;

let api: FakeApi;
beforeEach(() => {
  // Screens read their data; this test only checks which screen answers which path.
  api = fakeApi().onAny(() => 'pending');
});
afterEach(() => api.restore());

describe('seller remote routes (federation contract)', () => {
  it('has exactly one screen for every screen the contract lists', () => {
    expect(Object.keys(SELLER_SCREENS).sort()).toEqual(contract.map((s) => s.id).sort());
  });

  it('/seller/onboarding is the Become a seller page, with its own h1 (no seller chrome around it)', async () => {
    renderWithProviders(<SellerApp />, { route: '/seller/onboarding', session: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Become a seller' })).toBeInTheDocument();
  });

  // Seller pages sit inside the seller chrome, which carries the h1 title: each page is a region named by it.
  it.each(contract.flatMap((s) => ('seller' in s ? [[s.path, s.seller.title] as const] : [])))(
    '%s renders its screen (%s)',
    async (path, title) => {
      renderWithProviders(<SellerApp />, { route: sampleUrl(path), session: 'seller' });
      expect(await screen.findByRole('region', { name: title })).toBeInTheDocument();
    },
  );

  it('/seller/products/add is the Add Product screen, not the product details of an id "add"', async () => {
    renderWithProviders(<SellerApp />, { route: '/seller/products/add', session: 'seller' });
    expect(await screen.findByRole('region', { name: 'Add Product' })).toBeInTheDocument();
  });
});
