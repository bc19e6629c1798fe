import { AxiosError } from 'axios';
import { fakeApi, type FakeApi, type FakeHandler, type FakeReply } from '../testing';
import { apiClient, handleUnauthorized, onUnauthorized, readApiError, setAuthNavigator } from './api-client';

let api: FakeApi;
let navigate: jest.Mock<void, [string]>;

function answer(handler: FakeHandler) {
  api.restore();
  api = fakeApi().onAny(handler);
}

const unauthorized: FakeHandler = () => ({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } });

beforeEach(() => {
  api = fakeApi().onAny(() => ({ status: 200, body: { data: 'ok' } }));
  navigate = jest.fn();
  setAuthNavigator(navigate);
  localStorage.clear();
  window.history.pushState({}, '', '/marketplace');
});
afterEach(() => api.restore());

function storeSession() {
  localStorage.setItem('token', 'abc');
  localStorage.setItem('user', JSON.stringify({ id: 'u1' }));
}

describe('apiClient requests', () => {
  it('uses the runtime API base URL plus /api/v1 and sends the bearer token from storage', async () => {
    storeSession();
    await apiClient.get('/cart');
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/cart', baseURL: 'http://api.test/api/v1' });
    expect(api.requests[0]?.headers.Authorization).toBe('Bearer abc');
  });

  it('sends no Authorization header without a token', async () => {
    await apiClient.get('/health');
    expect(api.requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('uses 10 s by default and 30 s for multipart bodies', async () => {
    await apiClient.get('/products/x');
    const form = new FormData();
    form.append('name', 'Kettle');
    await apiClient.post('/sellers/register', form);
    expect(api.requests.map((r) => r.timeout)).toEqual([10_000, 30_000]);
  });
});

describe('the 401 rule', () => {
  it('clears token and user and navigates to /auth', async () => {
    storeSession();
    answer(unauthorized);
    await expect(apiClient.get('/cart')).rejects.toBeInstanceOf(AxiosError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('clears but does not navigate when already on /auth', async () => {
    window.history.pushState({}, '', '/auth');
    storeSession();
    answer(unauthorized);
    await expect(apiClient.post('/auth/login', {})).rejects.toBeInstanceOf(AxiosError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('tells onUnauthorized listeners (the session store) so the in-memory session clears too', async () => {
    const listener = jest.fn();
    const off = onUnauthorized(listener);
    answer(unauthorized);
    await expect(apiClient.get('/wishlist')).rejects.toBeInstanceOf(AxiosError);
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    handleUnauthorized();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone for other failures', async () => {
    storeSession();
    answer(() => ({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Email not verified.' } }));
    await expect(apiClient.get('/cart')).rejects.toBeInstanceOf(AxiosError);
    answer(() => ({ status: 500, body: { statusCode: 500, error: 'Internal', message: 'boom' } }));
    await expect(apiClient.get('/cart')).rejects.toBeInstanceOf(AxiosError);
    answer(() => 'network-error');
    await expect(apiClient.get('/cart')).rejects.toBeInstanceOf(AxiosError);
    expect(localStorage.getItem('token')).toBe('abc');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('lets a caller that expects a 401 opt out of the redirect', async () => {
    storeSession();
    answer(unauthorized);
    await expect(apiClient.get('/auth/me', { skipAuthRedirect: true })).rejects.toBeInstanceOf(AxiosError);
    expect(localStorage.getItem('token')).toBe('abc');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('renewal of the 15-minute bearer token', () => {
  const RENEWED = { token: 'new', refreshToken: 'renew-2' };

  /** A server whose one valid bearer token is `current` (the stored 'old' has expired); the renewal answers as `renewal` says. */
  function server(renewal: () => FakeReply | Promise<FakeReply>) {
    const state = { current: 'none', renewals: [] as unknown[], authorizations: [] as unknown[] };
    answer(async (request) => {
      if (request.endpoint.name === 'accounts.renewSession') {
        state.renewals.push(request.body);
        const reply = await renewal();
        if (typeof reply === 'object' && reply.status === 200) state.current = RENEWED.token;
        return reply;
      }
      state.authorizations.push(request.headers.Authorization);
      return request.headers.Authorization === `Bearer ${state.current}`
        ? { status: 200, body: { data: request.url } }
        : unauthorized(request);
    });
    return state;
  }

  const renewedOk = (): FakeReply => ({ status: 200, body: { data: RENEWED } });

  function storeRenewableSession() {
    localStorage.setItem('token', 'old');
    localStorage.setItem('refreshToken', 'renew-1');
    localStorage.setItem('user', JSON.stringify({ id: 'u1' }));
  }

  it('several 401s at once renew once; each call is retried once with the new token', async () => {
    storeRenewableSession();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const state = server(async () => {
      await held;
      return renewedOk();
    });
    const calls = Promise.all([apiClient.get('/cart'), apiClient.get('/wishlist'), apiClient.get('/auth/me')]);
    // Every call has failed before the renewal answers.
    await waitFor(() => state.authorizations.length === 3);
    await waitFor(() => state.renewals.length === 1);
    release();
    const answers = await calls;
    expect(answers.map((a) => (a.data as { data: string }).data)).toEqual(['/cart', '/wishlist', '/auth/me']);
    expect(state.renewals).toEqual([{ refreshToken: 'renew-1' }]);
    expect(state.authorizations).toEqual([...Array(3).fill('Bearer old'), ...Array(3).fill('Bearer new')]);
    expect([localStorage.getItem('token'), localStorage.getItem('refreshToken')]).toEqual(['new', 'renew-2']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a later 401 for a call sent with the replaced token retries with the new one, without renewing again', async () => {
    storeRenewableSession();
    const state = server(renewedOk);
    await apiClient.get('/cart');
    expect(state.renewals).toHaveLength(1);
    await apiClient.get('/wishlist', { headers: { Authorization: 'Bearer old' } });
    expect(state.renewals).toHaveLength(1);
    expect(state.authorizations.slice(-2)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('a session that cannot be renewed (the renewal answers 401) gets the 401 rule once the calls fail', async () => {
    storeRenewableSession();
    const state = server(() => unauthorized({} as never));
    const results = await Promise.allSettled([apiClient.get('/cart'), apiClient.get('/wishlist')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(state.renewals).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth');
  });

  it('retries once only: a 401 after the renewal applies the 401 rule', async () => {
    storeRenewableSession();
    // The renewal answers a token the server then refuses too.
    const state = server(() => ({ status: 200, body: { data: { token: 'refused-too', refreshToken: 'renew-2' } } }));
    await expect(apiClient.get('/cart')).rejects.toBeInstanceOf(AxiosError);
    expect(state.renewals).toHaveLength(1);
    expect(state.authorizations).toEqual(['Bearer old', 'Bearer refused-too']);
    expect(navigate).toHaveBeenCalledWith('/auth');
  });

  it('a renewal that fails on the network fails the call but keeps the session', async () => {
    storeRenewableSession();
    server(() => 'network-error');
    await expect(apiClient.get('/cart')).rejects.toBeInstanceOf(AxiosError);
    expect(localStorage.getItem('token')).toBe('old');
    expect(localStorage.getItem('refreshToken')).toBe('renew-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('without a renewal token the 401 rule applies at once', async () => {
    storeSession();
    const state = server(renewedOk);
    await expect(apiClient.get('/cart')).rejects.toBeInstanceOf(AxiosError);
    expect(state.renewals).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/auth');
  });

  it('a caller expecting a 401 (sign-in, logout) is neither renewed nor redirected', async () => {
    storeRenewableSession();
    const state = server(renewedOk);
    await expect(apiClient.get('/auth/me', { skipAuthRedirect: true })).rejects.toBeInstanceOf(AxiosError);
    expect(state.renewals).toHaveLength(0);
    expect(localStorage.getItem('token')).toBe('old');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe('readApiError', () => {
  async function failWith(handler: FakeHandler): Promise<unknown> {
    answer(handler);
    return apiClient.get('/health').then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error,
    );
  }

  it('reads status and server message from an HTTP error', async () => {
    const error = await failWith(() => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Email already exists' } }));
    expect(readApiError(error)).toEqual({ status: 409, serverMessage: 'Email already exists', kind: 'http' });
  });

  it('tells a timeout from a network error', async () => {
    expect(readApiError(await failWith(() => 'timeout')).kind).toBe('timeout');
    expect(readApiError(await failWith(() => 'network-error')).kind).toBe('network');
    expect(readApiError(new Error('other')).kind).toBe('unknown');
  });
});
