import { login } from '../features/auth/api/login';
import { accounts } from '@campus/shared/endpoints';
import { api, currentPath, errorBody, renderApp, setupApi, TEST_DOMAIN, TEST_UNIVERSITY } from '../test/render';
import { act, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@campus/shared/messages';
import { sessionStore } from '@campus/shared/session';
import { makeSeller, makeUser } from '@campus/shared/testing';
import { UNVERIFIED_REDIRECT_MS } from './Login';

const EMAIL = `ada@${TEST_DOMAIN}`;

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email = EMAIL, password = 'secret1') {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  setupApi();
  sessionStore.setState({ token: null, user: null, seller: null, isSeller: false, status: 'ready' });
});

describe('/login', () => {
  it('shows the auth hero panel addressed to the university', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { name: `For students of ${TEST_UNIVERSITY}` })).toBeInTheDocument();
    expect(screen.getByText(/Accounts are verified by university e-mail/)).toBeInTheDocument();
  });

  it('replaces the previous page title', () => {
    document.title = 'Desk lamp · Campus Marketplace';
    renderApp('/login');
    expect(document.title).toBe('Sign In · Campus Marketplace');
  });

  it('refuses a non-university e-mail with the long message and focuses the field', async () => {
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'ada@gmail.com');
    expect(await screen.findByText(MESSAGES.validation.universityEmailLong(`student@${TEST_DOMAIN}`))).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // Read with the field (aria-describedby), not only linked through aria-errormessage.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.validation.universityEmailLong(`student@${TEST_DOMAIN}`));
    expect(api().calls(accounts.login)).toHaveLength(0);
  });

  it('asks for a password', async () => {
    const { user } = renderApp('/login');
    await fillAndSubmit(user, EMAIL, '');
    expect(await screen.findByText(MESSAGES.validation.passwordMin)).toBeInTheDocument();
  });

  it('signs in with one request: the login answer carries the token and the user with its seller data', async () => {
    const seller = makeSeller();
    api().on(accounts.login, {
      status: 200,
      body: {
        data: { token: 'tok-1', refreshToken: 'renew-1', user: makeUser({ email: EMAIL, seller, isSeller: true, sellerCompleted: true }) },
      },
    });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(currentPath()).toBe('/marketplace'));
    expect(api().requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /auth/login']);
    expect(api().calls(accounts.login)[0]?.body).toEqual({ email: EMAIL, password: 'secret1' });
    // A wrong password answers 401: the form shows it, the global 401 redirect must not fire.
    expect(api().calls(accounts.login)[0]?.skipAuthRedirect).toBe(true);
    expect(sessionStore.getState()).toMatchObject({ token: 'tok-1', isSeller: true, seller });
    expect(sessionStore.getState().user?.email).toBe(EMAIL);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('refreshToken')).toBe('renew-1');
  });

  it('keeps the device token a sign-in gives and sends it with the next sign-in to that account (it passes a lock-out)', async () => {
    api().on(accounts.login, {
      status: 200,
      body: { data: { token: 'tok-1', refreshToken: 'renew-1', user: makeUser({ email: EMAIL }), deviceToken: 'device-1.mac' } },
    });
    const first = renderApp('/login');
    await fillAndSubmit(first.user);
    await waitFor(() => expect(currentPath()).toBe('/marketplace'));
    expect(JSON.parse(localStorage.getItem('deviceTokens') ?? '{}')).toEqual({ [EMAIL]: 'device-1.mac' });
    first.unmount();
    // The next sign-in to that account, however the address is typed, carries it; another account's does not.
    await login({ email: EMAIL.toUpperCase(), password: 'secret1' });
    await login({ email: `other@${TEST_DOMAIN}`, password: 'secret1' });
    const [, again, other] = api().calls(accounts.login);
    expect(again?.body).toMatchObject({ deviceToken: 'device-1.mac' });
    expect(other?.body).not.toHaveProperty('deviceToken');
  });

  it('disables the button and labels it while signing in', async () => {
    api().on(accounts.login, 'pending');
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
  });

  it.each([
    ['a timeout', 'timeout' as const, MESSAGES.connectivity.timeout],
    ['a network error', 'network-error' as const, MESSAGES.connectivity.network],
  ])('the login call meets %s: the connectivity text of spec section 8', async (_, reply, text) => {
    api().on(accounts.login, reply);
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('error-focus')).toHaveFocus();
    expect(api().requests).toHaveLength(1);
    expect(sessionStore.getState().token).toBeNull();
  });

  it.each([
    [401, 'Invalid credentials', MESSAGES.login.unauthorized],
    [404, 'No such user', MESSAGES.login.notFound],
    [500, 'boom', MESSAGES.login.serverError],
    [503, 'down', MESSAGES.login.serverError],
    [429, 'Too many attempts. Please wait a moment and try again.', 'Too many attempts. Please wait a moment and try again.'],
    [422, '', MESSAGES.login.failed],
  ])('login answer %i shows its text and stays on /login', async (status, serverMessage, text) => {
    api().on(accounts.login, { status, body: serverMessage ? errorBody(status, serverMessage) : {} });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(currentPath()).toBe('/login');
    expect(sessionStore.getState().token).toBeNull();
  });

  it('403: shows the unverified text, stores the e-mail and goes to /verify after a moment', async () => {
    jest.useFakeTimers();
    try {
      api().on(accounts.login, { status: 403, body: errorBody(403, 'Email not verified') });
      const { user } = renderApp('/login', { fakeTimers: true });
      await fillAndSubmit(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.login.unverified);
      expect(localStorage.getItem('pendingVerificationEmail')).toBe(EMAIL);
      expect(currentPath()).toBe('/login');
      act(() => jest.advanceTimersByTime(UNVERIFIED_REDIRECT_MS - 1));
      expect(currentPath()).toBe('/login');
      act(() => jest.advanceTimersByTime(1));
      expect(currentPath()).toBe('/verify');
      // The verify screen picks the e-mail up.
      expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a success without a token shows the short fallback', async () => {
    api().on(accounts.login, { status: 200, body: { data: {} } });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.login.failedShort);
    expect(currentPath()).toBe('/login');
  });

  it('returns to the page a guard sent the student away from (?next=), path and query', async () => {
    api().on(accounts.login, {
      status: 200,
      body: { data: { token: 'tok-1', refreshToken: 'renew-1', user: makeUser({ email: EMAIL }) } },
    });
    const { user } = renderApp(`/login?next=${encodeURIComponent('/product/desk-lamp?ref=wa')}`);
    await fillAndSubmit(user);
    await waitFor(() => expect(currentPath()).toBe('/product/desk-lamp?ref=wa'));
  });

  it.each(['//evil.com', '/\\evil.com', 'https://evil.com/product/x'])('never leaves the site for ?next=%s: /marketplace', async (next) => {
    api().on(accounts.login, {
      status: 200,
      body: { data: { token: 'tok-1', refreshToken: 'renew-1', user: makeUser({ email: EMAIL }) } },
    });
    const { user } = renderApp(`/login?next=${encodeURIComponent(next)}`);
    await fillAndSubmit(user);
    await waitFor(() => expect(currentPath()).toBe('/marketplace'));
  });

  it('carries the page to return to into sign-up', () => {
    renderApp(`/login?next=${encodeURIComponent('/seller/s1/catalogue')}`);
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register?next=%2Fseller%2Fs1%2Fcatalogue');
  });

  it('links to forgot password and sign up', () => {
    renderApp('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });
});
