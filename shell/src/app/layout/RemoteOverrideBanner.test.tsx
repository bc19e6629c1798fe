import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMOTE_OVERRIDES_STORAGE_KEY } from '@campus/shared/remote-overrides';
import { renderWithProviders } from '@campus/shared/testing';
import { RemoteOverrideBanner } from './RemoteOverrideBanner';

afterEach(() => sessionStorage.clear());

describe('the preview banner', () => {
  it('is not there without an override', () => {
    renderWithProviders(<RemoteOverrideBanner />);
    expect(screen.queryByRole('complementary', { name: 'Preview remotes' })).toBeNull();
  });

  it('names each remote running from a preview, and goes back to the deployed ones', async () => {
    sessionStorage.setItem(
      REMOTE_OVERRIDES_STORAGE_KEY,
      JSON.stringify({ remoteCart: 'https://preview.campus.example/cart/mf-manifest.json' }),
    );
    const reload = jest.fn();
    renderWithProviders(<RemoteOverrideBanner reload={reload} />);
    expect(screen.getByTestId('remote-overrides')).toHaveTextContent('remoteCart from https://preview.campus.example');
    await userEvent.click(screen.getByRole('button', { name: 'Use the deployed remotes' }));
    expect(sessionStorage.getItem(REMOTE_OVERRIDES_STORAGE_KEY)).toBeNull();
    expect(reload).toHaveBeenCalled();
  });
});
