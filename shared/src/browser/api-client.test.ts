import { AxiosError } from 'axios';
import { fakeApi, type FakeApi, type FakeHandler } from '../testing';
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
