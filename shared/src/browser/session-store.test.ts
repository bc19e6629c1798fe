import { waitFor } from '@testing-library/react';
import { makeSeller, makeUser, fakeApi, type FakeApi, type FakeHandler } from '../testing';
import { apiClient, setAuthNavigator } from './api-client';
import { eventBus } from './event-bus';
import { sessionStore } from './session-store';

let api: FakeApi;
const ok = (data: unknown) => ({ status: 200, body: { data } });
const fail = (status: number) => ({ status, body: { statusCode: status, error: 'Error', message: 'failed' } });

function answer(handler: FakeHandler) {
  api.restore();
  api = fakeApi().onAny(handler);
}

const storedUser = () => JSON.parse(localStorage.getItem('user') ?? 'null') as ReturnType<typeof makeUser> | null;

beforeEach(() => {
  api = fakeApi().onAny(() => fail(500));
  setAuthNavigator(jest.fn());
  localStorage.clear();
  sessionStore.setState({ status: 'loading', token: null, user: null, seller: null, isSeller: false });
});
afterEach(() => api.restore());

describe('hydrate (spec section 4)', () => {
  it('with a token and a user in storage: ready at once, no requests', async () => {
    const user = makeUser();
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', JSON.stringify(user));
    await sessionStore.getState().hydrate();
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', token: 't1', user, isSeller: false });
    expect(api.requests).toHaveLength(0);
  });

  it('restores seller status from a stored seller user', async () => {
    const seller = makeSeller();
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', JSON.stringify(makeUser({ isSeller: true, seller })));
    await sessionStore.getState().hydrate();
    expect(sessionStore.getState()).toMatchObject({ isSeller: true, seller });
  });

  it('with a token but no user: one request, GET /auth/me, whose seller data makes a seller', async () => {
    const seller = makeSeller({ id: 's-9' });
    answer(({ url }) => (url === '/auth/me' ? ok(makeUser({ seller, isSeller: true, sellerCompleted: true })) : fail(404)));
    const statusEvents = jest.fn();
    const off = eventBus.on('seller:status-changed', statusEvents);
    localStorage.setItem('token', 't2');

    const pending = sessionStore.getState().hydrate();
    expect(sessionStore.getState().status).toBe('loading');
    await pending;
    off();

    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /auth/me']);
    expect(api.requests[0]?.headers.Authorization).toBe('Bearer t2');
    const state = sessionStore.getState();
    expect(state).toMatchObject({ status: 'ready', token: 't2', isSeller: true, seller });
    expect(state.user).toMatchObject({ id: 'user-1', isSeller: true, seller });
    expect(storedUser()).toMatchObject({ id: 'user-1', isSeller: true });
    expect(statusEvents).toHaveBeenCalledWith({ isSeller: true, seller });
  });

  it('with a token but no user: a user without seller data is a plain user', async () => {
    answer(({ url }) => (url === '/auth/me' ? ok(makeUser()) : fail(404)));
    localStorage.setItem('token', 't3');
    await sessionStore.getState().hydrate();
    expect(api.requests).toHaveLength(1);
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', token: 't3', isSeller: false, seller: null });
    expect(sessionStore.getState().user?.id).toBe('user-1');
    expect(storedUser()).toMatchObject({ id: 'user-1', isSeller: false });
    expect(localStorage.getItem('token')).toBe('t3');
  });

  it.each([
    ['a server error', () => fail(500)],
    ['a network error', () => 'network-error' as const],
    ['a 401', () => fail(401)],
  ])('a failed profile fetch (%s) clears token and user', async (_label, handler) => {
    answer(handler);
    localStorage.setItem('token', 'stale');
    await sessionStore.getState().hydrate();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', token: null, user: null, isSeller: false });
  });

  it('a profile that arrives after another student signed in is not theirs: ignored', async () => {
    let reply: (value: ReturnType<typeof ok>) => void = () => undefined;
    answer(() => new Promise((resolve) => (reply = resolve)));
    localStorage.setItem('token', 'old-token');
    const pending = sessionStore.getState().hydrate();
    // The profile request is on its way (the caller loads first) when another student signs in.
    await waitFor(() => expect(api.requests).toHaveLength(1));
    const newUser = makeUser({ id: 'user-new', email: 'new@campus.edu.ng' });
    sessionStore.getState().signIn('new-token', newUser);
    reply(ok(makeUser({ id: 'user-old' })));
    await pending;
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', token: 'new-token', user: newUser });
    expect(storedUser()?.id).toBe('user-new');
  });

  it('without a token: a guest, and a leftover user is dropped', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser()));
    await sessionStore.getState().hydrate();
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', token: null, user: null });
    expect(localStorage.getItem('user')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});

describe('signOut and 401', () => {
  function signedIn() {
    const user = makeUser();
    localStorage.setItem('token', 't4');
    localStorage.setItem('user', JSON.stringify(user));
    sessionStore.setState({ status: 'ready', token: 't4', user });
  }

  it('logout clears token and user, in storage and memory, and announces it', async () => {
    answer(() => ok(null));
    signedIn();
    const signedOut = jest.fn();
    const off = eventBus.on('session:signed-out', signedOut);
    sessionStore.getState().signOut();
    off();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null, isSeller: false, status: 'ready' });
    expect(signedOut).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /auth/logout']);
    expect(api.requests[0]?.headers.Authorization).toBe('Bearer t4');
  });

  it('a failing logout call does not redirect the user who just signed out', async () => {
    const navigate = jest.fn();
    setAuthNavigator(navigate);
    answer(() => fail(401));
    signedIn();
    sessionStore.getState().signOut();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.requests).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('logout with an expired bearer token renews it to end the session on the server, and keeps no renewal token', async () => {
    const navigate = jest.fn();
    setAuthNavigator(navigate);
    answer((request) => {
      if (request.endpoint.name === 'accounts.renewSession') return ok({ token: 't5', refreshToken: 'r5' });
      return request.headers.Authorization === 'Bearer t5' ? ok(null) : fail(401);
    });
    signedIn();
    localStorage.setItem('refreshToken', 'r4');
    sessionStore.getState().signOut();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    await waitFor(() => expect(api.requests).toHaveLength(3));
    expect(api.requests.map((r) => `${r.url} ${String(r.headers.Authorization)}`)).toEqual([
      '/auth/logout Bearer t4',
      '/auth/refresh undefined',
      '/auth/logout Bearer t5',
    ]);
    expect(api.requests[1]?.body).toEqual({ refreshToken: 'r4' });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a renewal by the API client moves the in-memory token along', async () => {
    answer((request) => {
      if (request.endpoint.name === 'accounts.renewSession') return ok({ token: 't5', refreshToken: 'r5' });
      return request.headers.Authorization === 'Bearer t5' ? ok([]) : fail(401);
    });
    signedIn();
    localStorage.setItem('refreshToken', 'r4');
    await apiClient.get('/cart');
    expect(sessionStore.getState().token).toBe('t5');
    expect([localStorage.getItem('token'), localStorage.getItem('refreshToken')]).toEqual(['t5', 'r5']);
  });

  it('a 401 on any call clears the in-memory session too', async () => {
    answer(() => fail(401));
    signedIn();
    await expect(apiClient.get('/cart')).rejects.toThrow();
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('follows a sign-out in another tab (token gone from shared storage)', () => {
    signedIn();
    localStorage.removeItem('token');
    eventBus.emit('session:signed-out', {});
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null });
  });
});

describe('signIn', () => {
  it("takes the login answer's token and user as they are: no request, seller data applied, the sign-in announced", () => {
    const seller = makeSeller();
    const signedInEvent = jest.fn();
    const off = eventBus.on('session:signed-in', signedInEvent);
    sessionStore.getState().signIn('fresh', makeUser({ seller, isSeller: true, sellerCompleted: true }));
    off();
    expect(api.requests).toHaveLength(0);
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(storedUser()).toMatchObject({ id: 'user-1', isSeller: true });
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', token: 'fresh', isSeller: true, seller });
    expect(signedInEvent).toHaveBeenCalledTimes(1);
  });

  it('keeps the renewal token beside the bearer token', () => {
    sessionStore.getState().signIn('fresh', makeUser(), 'renew-fresh');
    expect([localStorage.getItem('token'), localStorage.getItem('refreshToken')]).toEqual(['fresh', 'renew-fresh']);
  });

  it('a user without seller data signs in as a plain user', () => {
    sessionStore.getState().signIn('fresh', makeUser());
    expect(sessionStore.getState()).toMatchObject({ token: 'fresh', isSeller: false, seller: null });
  });
});
