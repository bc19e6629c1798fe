/**
 * The session (spec section 4). One zustand store, living in the shared
 * singleton so the shell and every remote see the same instance; the shell
 * owns its lifecycle (calls hydrate() at start).
 */
import { createStore, useStore } from 'zustand';
import type { SellerSummary, User } from '../schemas/entities';
import { onSessionRenewed, onUnauthorized } from '@campus/shared/auth-redirect';
import { eventBus } from '@campus/shared/event-bus';
import { readJson, readStoredRefreshToken, STORAGE_KEYS, storeSessionTokens } from '@campus/shared/storage';

export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  status: SessionStatus;
  /** The bearer (access) token: short-lived, renewed by the API client (api-client.ts), which keeps this in step. */
  token: string | null;
  user: User | null;
  seller: SellerSummary | null;
  isSeller: boolean;
  /** Start-up: token and user from storage; with a token but no user, one request for the profile (it carries the seller data). */
  hydrate: () => Promise<void>;
  /**
   * After a successful login: the login answer's token, user (with its seller data) and renewal token;
   * no further request. Without a renewal token the session ends when the token does.
   */
  signIn: (token: string, user: User, refreshToken?: string) => void;
  /** Logout: tell the API, then clear the session. */
  signOut: () => void;
  setUser: (user: User) => void;
  setSeller: (seller: SellerSummary | null) => void;
}

/**
 * The API caller (axios, zod and the contract) loads only when the session needs
 * the network: a guest's landing page, or a returning user with a stored
 * profile, renders without it.
 */
async function fetchProfile(): Promise<User> {
  const [{ call }, { me }] = await Promise.all([import('@campus/shared/call'), import('../endpoints/accounts')]);
  return (await call(me)).data;
}

function persistUser(user: User | null): void {
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  else localStorage.removeItem(STORAGE_KEYS.user);
}

export const sessionStore = createStore<SessionState>()((set, get) => {
  const applySeller = (seller: SellerSummary | null) => {
    const user = get().user;
    const merged = user ? { ...user, seller, isSeller: seller !== null, sellerCompleted: seller !== null } : user;
    if (merged) persistUser(merged);
    set({ seller, isSeller: seller !== null, user: merged });
    eventBus.emit('seller:status-changed', { isSeller: seller !== null, seller });
  };

  return {
    status: 'loading',
    token: null,
    user: null,
    seller: null,
    isSeller: false,

    hydrate: async () => {
      const token = localStorage.getItem(STORAGE_KEYS.token);
      const user = readJson<User>(STORAGE_KEYS.user);
      if (!token) {
        if (user) persistUser(null);
        set({ status: 'ready', token: null, user: null, seller: null, isSeller: false });
        return;
      }
      if (user) {
        const seller = user.seller ?? null;
        set({ status: 'ready', token, user, seller, isSeller: user.isSeller || seller !== null });
        return;
      }
      set({ status: 'loading', token });
      try {
        const profile = await fetchProfile();
        // Signed in or out meanwhile: this answer is about a session that is gone.
        if (get().token !== token) return;
        persistUser(profile);
        set({ user: profile });
        applySeller(profile.seller);
        set({ status: 'ready' });
      } catch {
        if (get().token === token) clearSession();
      }
    },

    signIn: (token, user, refreshToken) => {
      storeSessionTokens(token, refreshToken ?? null);
      persistUser(user);
      set({ token, user, status: 'ready' });
      applySeller(user.seller);
      eventBus.emit('session:signed-in', { user: get().user ?? user });
    },

    signOut: () => {
      const token = get().token;
      const refreshToken = readStoredRefreshToken();
      // The session is cleared at once, so the request carries the token it ends; a 401 here
      // must not redirect a student who is already signing out.
      if (token) void endServerSession(token, refreshToken).catch(() => undefined);
      clearSession();
      eventBus.emit('session:signed-out', {});
    },

    setUser: (user) => {
      persistUser(user);
      set({ user, seller: user.seller, isSeller: user.isSeller });
      eventBus.emit('session:user-updated', { user });
    },

    setSeller: applySeller,
  };
});

/**
 * Tells the API the session is over. The bearer token may have expired (15 minutes): then the renewal
 * token buys one to end it with, so a session never outlives its logout.
 */
async function endServerSession(token: string, refreshToken: string | null): Promise<void> {
  const [{ call }, { logout, renewSession }, { readApiError }] = await Promise.all([
    import('@campus/shared/call'),
    import('../endpoints/accounts'),
    import('@campus/shared/api-client'),
  ]);
  try {
    await call(logout, undefined, { token, skipAuthRedirect: true });
  } catch (error) {
    if (!refreshToken || readApiError(error).status !== 401) return;
    const renewed = await call(renewSession, { body: { refreshToken } }, { skipAuthRedirect: true });
    await call(logout, undefined, { token: renewed.data.token, skipAuthRedirect: true });
  }
}

/** The one place a session ends: tokens and user leave storage and memory. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  persistUser(null);
  sessionStore.setState({ token: null, user: null, seller: null, isSeller: false, status: 'ready' });
}

// A 401 anywhere (auth-redirect.ts has already cleared storage) ends the in-memory session too.
onUnauthorized(() => {
  clearSession();
  eventBus.emit('session:signed-out', {});
});

// The API client renewed the bearer token (storage has it): memory follows.
onSessionRenewed((token) => {
  if (sessionStore.getState().token) sessionStore.setState({ token });
});

// Another tab signed out: follow it.
eventBus.on('session:signed-out', () => {
  if (sessionStore.getState().token && !localStorage.getItem(STORAGE_KEYS.token)) clearSession();
});

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
