/**
 * The sign-in screens start without the API caller: axios (under `@campus/shared/call` and
 * `@campus/shared/api-client`) loads with the first request, not with the remote's screens, so a
 * student's first visit to /login evaluates less before the form is live (docs/performance.md).
 */
import { readApiError } from '@campus/shared/api-error';
import type * as AuthApi from '../features/auth/api';
import type * as AuthRoutes from './index';

let axiosLoaded = false;

/** A fresh module registry in which loading axios is recorded. */
function isolated<T>(load: () => T): T {
  axiosLoaded = false;
  let loaded: T | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line no-restricted-syntax -- the real axios, only recorded when it loads (no request is made)
    jest.doMock('axios', () => {
      axiosLoaded = true;
      return jest.requireActual('axios');
    });
    loaded = load();
  });
  return loaded!;
}

afterEach(() => jest.dontMock('axios'));

it('loads every screen of the sign-in frame without importing axios', () => {
  const { AUTH_SCREENS } = isolated(() => jest.requireActual<typeof AuthRoutes>('./index'));
  expect(Object.keys(AUTH_SCREENS)).toEqual(expect.arrayContaining(['login', 'register', 'verify', 'forgotPassword', 'resetPassword']));
  expect(axiosLoaded).toBe(false);
});

it('loads the API caller with the first request', async () => {
  const { login } = isolated(() => jest.requireActual<typeof AuthApi>('../features/auth/api'));
  // No runtime configuration nor API here: the call fails, after the caller (and axios under it) has loaded.
  await login({ email: 'ada@example.edu', password: 'secret1' }).catch(() => undefined);
  expect(axiosLoaded).toBe(true);
});

it('reads a caller that cannot be downloaded as a connection failure', async () => {
  let login: typeof AuthApi.login | undefined;
  jest.resetModules(); // the caller an earlier case loaded would be reused
  jest.isolateModules(() => {
    // eslint-disable-next-line no-restricted-syntax -- stands for the caller's chunk failing to download (offline)
    jest.doMock('axios', () => {
      throw Object.assign(new Error('Loading chunk 4261 failed.'), { name: 'ChunkLoadError' });
    });
    login = jest.requireActual<typeof AuthApi>('../features/auth/api').login;
  });
  const failure: unknown = await login!({ email: 'ada@example.edu', password: 'secret1' }).catch((error: unknown) => error);
  expect(readApiError(failure).kind).toBe('network');
});
