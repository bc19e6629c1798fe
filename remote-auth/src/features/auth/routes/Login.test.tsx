import { act, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@campus/shared/messages';
import { sessionStore } from '@campus/shared/session';
import { currentPath, renderApp } from '../../../test/render';
import { errorBody, onApi, requestsTo, setupApi, TEST_DOMAIN, TEST_UNIVERSITY } from '../../../test/mock-api';
import { makeUser } from '../../../test/fixtures';
import { UNVERIFIED_REDIRECT_MS } from './Login';

const EMAIL = `ada@${TEST_DOMAIN}`;
const reachable = () => onApi('GET', '/auth/me', { status: 401, body: errorBody(401, 'Authentication required') });

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
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      MESSAGES.validation.universityEmailLong(`student@${TEST_DOMAIN}`),
    );
    expect(requestsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('asks for a password', async () => {
    const { user } = renderApp('/login');
    await fillAndSubmit(user, EMAIL, '');
    expect(await screen.findByText(MESSAGES.validation.passwordMin)).toBeInTheDocument();
  });

  it('signs in through the shared session and goes to /marketplace', async () => {
    reachable();
    onApi('POST', '/auth/login', { status: 200, body: { data: { token: 'tok-1' } } });
    onApi('GET', '/auth/me', { status: 200, body: { data: makeUser() } });
    onApi('GET', '/seller/profile', { status: 404, body: errorBody(404, 'Not found') });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(currentPath()).toBe('/marketplace'));
    expect(requestsTo('POST', '/auth/login')[0]?.body).toEqual({ email: EMAIL, password: 'secret1' });
    // The connectivity check must not trigger the global 401 redirect.
    expect(requestsTo('GET', '/auth/me')[0]?.skipAuthRedirect).toBe(true);
    expect(requestsTo('GET', '/auth/me')[0]?.headers).not.toHaveProperty('X-Skip-Auth-Redirect');
    expect(sessionStore.getState().user?.email).toBe(EMAIL);
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('disables the button and labels it while signing in', async () => {
    reachable();
    onApi('POST', '/auth/login', { pending: true });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
  });

  it.each([
    ['a timeout', { fail: 'timeout' as const }, MESSAGES.connectivity.timeout],
    ['a network error', { fail: 'network' as const }, MESSAGES.connectivity.network],
    ['anything else', { status: 502, body: errorBody(502, 'Bad gateway') }, MESSAGES.connectivity.other],
  ])('connectivity check: %s', async (_, reply, text) => {
    onApi('GET', '/auth/me', reply);
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('error-focus')).toHaveFocus();
    expect(requestsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it.each([
    [401, 'Invalid credentials', MESSAGES.login.unauthorized],
    [404, 'No such user', MESSAGES.login.notFound],
    [500, 'boom', MESSAGES.login.serverError],
    [503, 'down', MESSAGES.login.serverError],
    [429, 'Too many attempts. Please wait a moment and try again.', 'Too many attempts. Please wait a moment and try again.'],
    [422, '', MESSAGES.login.failed],
  ])('login answer %i shows its text and stays on /login', async (status, serverMessage, text) => {
    reachable();
    onApi('POST', '/auth/login', { status, body: serverMessage ? errorBody(status, serverMessage) : {} });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(currentPath()).toBe('/login');
    expect(sessionStore.getState().token).toBeNull();
  });

  it('403: shows the unverified text, stores the e-mail and goes to /verify after a moment', async () => {
    jest.useFakeTimers();
    try {
      reachable();
      onApi('POST', '/auth/login', { status: 403, body: errorBody(403, 'Email not verified') });
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
    reachable();
    onApi('POST', '/auth/login', { status: 200, body: { data: {} } });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.login.failedShort);
    expect(currentPath()).toBe('/login');
  });

  it('a failed profile fetch after the token leaves the student signed out', async () => {
    reachable();
    onApi('POST', '/auth/login', { status: 200, body: { data: { token: 'tok-1' } } });
    onApi('GET', '/auth/me', { status: 503, body: errorBody(503, 'down') });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.login.serverError);
    expect(sessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('links to forgot password and sign up', () => {
    renderApp('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });
});
