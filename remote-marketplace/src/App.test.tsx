import { REMOTES } from '@campus/shared/federation';
import { fakeApi, renderWithProviders } from '@campus/shared/testing';
import MarketplaceApp from './App';
import { MARKETPLACE_SCREENS } from './routes';

// Each screen's own test renders <App /> at its contract path (MarketplacePage.test and the others).
describe('marketplace remote routes (federation contract)', () => {
  it('has exactly one screen for every screen the contract lists', () => {
    expect(Object.keys(MARKETPLACE_SCREENS).sort()).toEqual(REMOTES.remoteMarketplace.screens.map((s) => s.id).sort());
  });

  it('renders nothing for paths it does not own (the shell decides those)', () => {
    fakeApi();
    // react-router warns "No routes matched": expected, the shell routes only owned paths here.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = renderWithProviders(<MarketplaceApp />, { route: '/cart', session: 'user' });
    expect(container.querySelector('h1')).toBeNull();
    warn.mockRestore();
  });
});
