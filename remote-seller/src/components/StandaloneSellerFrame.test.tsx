import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import SellerApp from '../App';
import { StandaloneSellerFrame } from './StandaloneSellerFrame';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().onAny(() => 'pending');
});
afterEach(() => api.restore());

describe('standalone seller frame', () => {
  it('gives a seller page its title and an Accept Order button that opens the code dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <StandaloneSellerFrame>
        <SellerApp />
      </StandaloneSellerFrame>,
      { route: '/seller/orders', session: 'seller' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await act(() => user.click(screen.getByRole('button', { name: 'Accept Order' })));
    expect(await screen.findByRole('dialog', { name: 'Accept Order' })).toBeInTheDocument();
  });

  it('leaves onboarding alone (it has its own heading)', async () => {
    renderWithProviders(
      <StandaloneSellerFrame>
        <SellerApp />
      </StandaloneSellerFrame>,
      { route: '/seller/onboarding', session: 'user' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Become a seller' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Order' })).not.toBeInTheDocument();
  });
});
