import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, mockApi, renderWithProviders, setSession, type ApiMock } from '../testing';
import { StandaloneRoot } from './standalone';

function RemoteApp() {
  return <p>remote screens</p>;
}

let api: ApiMock | undefined;
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
    api = mockApi((request) => {
      if (request.url === '/auth/login') return { status: 200, body: { data: { token: 'tok-1', user } } };
      if (request.url === '/auth/me') return { status: 200, body: { data: user } };
      return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found.' } };
    });
    renderWithProviders(<StandaloneRoot App={RemoteApp} options={{ name: 'remote-cart', requiresSession: true }} />);
    expect(screen.queryByText('remote screens')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), 'campus123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByText('remote screens')).toBeInTheDocument());
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: '/auth/login' });
  });

  it('shows the server message when the sign-in is refused', async () => {
    setSession('guest');
    api = mockApi(() => ({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password. Please check your credentials.' } }));
    renderWithProviders(<StandaloneRoot App={RemoteApp} options={{ name: 'remote-cart', requiresSession: true }} />);
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password. Please check your credentials.')).toBeInTheDocument();
    expect(screen.queryByText('remote screens')).not.toBeInTheDocument();
  });
});
