import { screen } from '@testing-library/react';
import type { RemoteName } from '@campus/shared/runtime-config';
import { renderWithProviders } from '@campus/shared/testing';
import { RemoteRoute } from './RemoteRoute';
import { RemoteLoaderProvider, type RemoteAppModule, type RemoteLoader } from './remote-loader';
import { readPrerenderedScreen } from './RemoteScreenFallback';

/** The page as the shell's server sends it with the auth remote's /login screen (page-server/). */
function serverPage(remote = 'remoteAuth', path = '/login'): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<nav>frame</nav><div data-remote-screen="${remote}" data-screen-path="${path}" inert="" aria-busy="true"><h1>Sign In</h1><label>Email<input name="email"></label></div>`;
  return root;
}

function pendingLoader(): { loader: RemoteLoader; finish: (text: string) => void } {
  let resolve: (module: RemoteAppModule) => void = () => undefined;
  const loader: RemoteLoader = () => new Promise((done) => (resolve = done));
  return { loader, finish: (text) => resolve({ default: () => <p>{text}</p> }) };
}

function renderRemote(loader: RemoteLoader, remote: RemoteName, route: string) {
  return renderWithProviders(
    <RemoteLoaderProvider value={loader}>
      <RemoteRoute remote={remote} />
    </RemoteLoaderProvider>,
    { route },
  );
}

describe("a remote route's placeholder: the prerendered screen first", () => {
  it("draws the remote's prerendered screen, inert, until the remote arrives; later loads show the spinner", async () => {
    readPrerenderedScreen(serverPage());
    const first = pendingLoader();
    const view = renderRemote(first.loader, 'remoteAuth', '/login');
    expect(screen.getByRole('heading', { name: 'Sign In', hidden: true }).closest('[inert]')).not.toBeNull();
    // No spinner over the screen; the loading is said to assistive technology, which the inert copy is hidden from.
    expect(screen.queryByTestId('page-spinner')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading page');

    first.finish('live sign-in screen');
    expect(await screen.findByText('live sign-in screen')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign In', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    view.unmount();

    // Drawn once: the copy belongs to the page the server sent, not to every later load.
    renderRemote(pendingLoader().loader, 'remoteAuth', '/login');
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign In', hidden: true })).not.toBeInTheDocument();
  });

  it('shows the spinner on another path or for another remote', () => {
    readPrerenderedScreen(serverPage());
    const onRegister = renderRemote(pendingLoader().loader, 'remoteAuth', '/register');
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    onRegister.unmount();

    renderRemote(pendingLoader().loader, 'remoteCart', '/login');
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign In', hidden: true })).not.toBeInTheDocument();
  });

  it('shows the spinner when the server sent no screen', () => {
    readPrerenderedScreen(document.createElement('div'));
    renderRemote(pendingLoader().loader, 'remoteAuth', '/login');
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
  });
});
