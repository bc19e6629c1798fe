/**
 * axios stays off the landing page's first-render path: the session store
 * loads the API client only when it needs the network (the bundle report's budget).
 */
import { makeUser } from '../testing';
import type * as ApiClientModule from './api-client';
import type * as AuthRedirectModule from './auth-redirect';
import type * as SessionStoreModule from './session-store';

let clientLoaded = false;

type Loaded = typeof SessionStoreModule & typeof AuthRedirectModule;

/** A fresh module registry in which loading './api-client' is recorded. */
function loadStore(): Loaded {
  clientLoaded = false;
  let loaded: Loaded | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line no-restricted-syntax -- the real client, only recorded when it loads (it answers nothing)
    jest.doMock('./api-client', () => {
      clientLoaded = true;
      return jest.requireActual<typeof ApiClientModule>('./api-client');
    });
    loaded = {
      ...jest.requireActual<typeof SessionStoreModule>('./session-store'),
      ...jest.requireActual<typeof AuthRedirectModule>('./auth-redirect'),
    };
  });
  return loaded!;
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.dontMock('./api-client'));

describe('the session store and the API client', () => {
  it('does not load the API client to start, nor to hydrate a guest or a stored user', async () => {
    const { sessionStore } = loadStore();
    await sessionStore.getState().hydrate();
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', JSON.stringify(makeUser()));
    await sessionStore.getState().hydrate();
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', token: 't1' });
    expect(clientLoaded).toBe(false);
  });

  it('loads it when the profile must be fetched', async () => {
    const { sessionStore } = loadStore();
    localStorage.setItem('token', 't2');
    await sessionStore.getState().hydrate(); // no runtime config here: the fetch fails and the session clears
    expect(clientLoaded).toBe(true);
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', token: null });
  });

  it('hears the 401 rule through auth-redirect, so a 401 still clears the in-memory session', () => {
    const { sessionStore, handleUnauthorized, setAuthNavigator } = loadStore();
    const navigate = jest.fn();
    setAuthNavigator(navigate);
    localStorage.setItem('token', 't3');
    sessionStore.setState({ status: 'ready', token: 't3', user: makeUser() });
    handleUnauthorized();
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null, status: 'ready' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth');
  });
});
