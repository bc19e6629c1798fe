import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accounts } from '../endpoints';
import { fakeApi, makeUser, renderWithProviders, setSession, type FakeApi } from '../testing';
import { StandaloneRoot } from './standalone';

function RemoteApp() {
  return <p>remote screens</p>;
}

let api: FakeApi | undefined;
afterEach(() => {
  api?.restore();
  localStorage.clear();
});

describe('a remote started alone', () => {
  it('shows its screens straight away when it needs no session (remote-auth)', () => {
    setSession('guest');
    renderWithProviders(<StandaloneRoot App={RemoteApp} options={{ name: 'remote-auth', requiresSession: false }} />);
    expect(screen.getByText('remote screens')).toBeInTheDocument();
  });

  it('asks for a sign-in in place of the app when it needs a session, then shows the app', async () => {
    setSession('guest');
    const user = makeUser({ email: 'buyer@students.example.edu' });
    api = fakeApi().ok(accounts.login, { token: 'tok-1', refreshToken: 'renew-1', user });
    renderWithProviders(<StandaloneRoot App={RemoteApp} options={{ name: 'remote-cart', requiresSession: true }} />);
    expect(screen.queryByText('remote screens')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), 'campus123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByText('remote screens')).toBeInTheDocument());
    expect(localStorage.getItem('token')).toBe('tok-1');
    // The login answer carries the user: one request, no /auth/me.
    expect(api.requests.map((r) => r.endpoint.name)).toEqual(['accounts.login']);
  });

  it('shows the server message when the sign-in is refused', async () => {
    setSession('guest');
    api = fakeApi().fail(accounts.login, 401, 'Invalid email or password. Please check your credentials.');
    renderWithProviders(<StandaloneRoot App={RemoteApp} options={{ name: 'remote-cart', requiresSession: true }} />);
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password. Please check your credentials.')).toBeInTheDocument();
    expect(screen.queryByText('remote screens')).not.toBeInTheDocument();
  });
});
