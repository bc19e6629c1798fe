import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteName } from '@campus/shared/runtime-config';
import { renderWithProviders } from '@campus/shared/testing';
import { REMOTE_ERROR_TITLE, RemoteRoute } from './RemoteRoute';
import { RemoteLoaderProvider, type RemoteAppModule, type RemoteLoader } from './remote-loader';

const remoteModule = (text: string): RemoteAppModule => ({ default: () => <p>{text}</p> });

function renderRemote(loader: RemoteLoader, remote: RemoteName = 'remoteCart') {
  return renderWithProviders(
    <RemoteLoaderProvider value={loader}>
      <RemoteRoute remote={remote} />
    </RemoteLoaderProvider>,
  );
}

beforeEach(() => {
  // The boundary logs the failure on purpose; keep the test output readable.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('RemoteRoute', () => {
  it('shows a spinner while the remote loads, then the remote', async () => {
    let finish: (m: RemoteAppModule) => void = () => undefined;
    const loader = jest.fn<Promise<RemoteAppModule>, [RemoteName]>(() => new Promise((resolve) => (finish = resolve)));
    renderRemote(loader);
    expect(await screen.findByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    finish(remoteModule('cart screen'));
    expect(await screen.findByText('cart screen')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('remoteCart');
  });

  it('shows the fallback with Retry when the load fails, and recovers on Retry', async () => {
    const loader = jest
      .fn<Promise<RemoteAppModule>, [RemoteName]>()
      .mockRejectedValueOnce(new Error('remote down'))
      .mockResolvedValueOnce(remoteModule('cart screen'));
    renderRemote(loader);
    expect(await screen.findByRole('heading', { name: REMOTE_ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('cart screen')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('cart screen')).toBeInTheDocument();
    expect(screen.queryByText(REMOTE_ERROR_TITLE)).not.toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('keeps showing the fallback while the remote stays down, loading afresh on every Retry', async () => {
    const loader = jest.fn<Promise<RemoteAppModule>, [RemoteName]>().mockRejectedValue(new Error('remote down'));
    renderRemote(loader);
    await screen.findByRole('button', { name: 'Retry' });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('does not reuse a failed load when the route mounts again', async () => {
    const loader = jest
      .fn<Promise<RemoteAppModule>, [RemoteName]>()
      .mockRejectedValueOnce(new Error('remote down'))
      .mockResolvedValueOnce(remoteModule('seller screen'));
    const first = renderRemote(loader, 'remoteSeller');
    await screen.findByRole('button', { name: 'Retry' });
    first.unmount();
    renderRemote(loader, 'remoteSeller');
    expect(await screen.findByText('seller screen')).toBeInTheDocument();
  });

  it('reuses a successful load (no second request, no spinner) when the route mounts again', async () => {
    const loader = jest.fn<Promise<RemoteAppModule>, [RemoteName]>().mockResolvedValue(remoteModule('auth screen'));
    const first = renderRemote(loader, 'remoteAuth');
    await screen.findByText('auth screen');
    first.unmount();
    renderRemote(loader, 'remoteAuth');
    expect(screen.getByText('auth screen')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback when the remote throws while rendering', async () => {
    const Broken = () => {
      throw new Error('render bug');
    };
    renderRemote(() => Promise.resolve({ default: Broken }), 'remoteMarketplace');
    expect(await screen.findByRole('heading', { name: REMOTE_ERROR_TITLE })).toBeInTheDocument();
  });
});
