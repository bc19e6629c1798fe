/**
 * The session (spec section 4). One zustand store, living in the shared
 * singleton so the shell and every remote see the same instance; the shell
 * owns its lifecycle (calls hydrate() at start).
 */
import { createStore, useStore } from 'zustand';
import type { Envelope } from '../http';
import type { SellerSummary, User } from '../schemas/entities';
import { onUnauthorized } from '@campus/shared/auth-redirect';
import { eventBus } from '@campus/shared/event-bus';
import { readJson, STORAGE_KEYS } from '@campus/shared/storage';

export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: User | null;
  seller: SellerSummary | null;
  isSeller: boolean;
  /** Start-up: token and user from storage; with a token but no user, fetch the profile, then the seller profile. */
  hydrate: () => Promise<void>;
  /** After a successful login: store the token, fetch the user and seller status. */
  signIn: (token: string) => Promise<User>;
  /** Logout and 401: clear token and user. */
  signOut: () => void;
  setUser: (user: User) => void;
  setSeller: (seller: SellerSummary | null) => void;
}

/**
 * The API client (and axios, ~21 KB gzip) loads only when the session needs the
 * network: a guest's landing page, or a returning user with a stored profile,
 * renders without it.
 */
async function loadApiClient() {
  return (await import('@campus/shared/api-client')).apiClient;
}

async function fetchProfile(): Promise<User> {
  const apiClient = await loadApiClient();
  const { data } = await apiClient.get<Envelope<User>>('/auth/me');
  return data.data;
}

/** The seller profile decides seller status; a failure (404) means a plain user. */
async function fetchSeller(): Promise<SellerSummary | null> {
  try {
    const apiClient = await loadApiClient();
    const { data } = await apiClient.get<Envelope<SellerSummary>>('/seller/profile');
    return data.data;
  } catch {
    return null;
  }
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

  const clear = () => {
    localStorage.removeItem(STORAGE_KEYS.token);
    persistUser(null);
    set({ token: null, user: null, seller: null, isSeller: false, status: 'ready' });
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
        persistUser(profile);
        set({ user: profile });
        applySeller(profile.seller ?? (await fetchSeller()));
        set({ status: 'ready' });
      } catch {
        clear();
      }
    },

    signIn: async (token) => {
      localStorage.setItem(STORAGE_KEYS.token, token);
      set({ token });
      try {
        const profile = await fetchProfile();
        persistUser(profile);
        set({ user: profile, status: 'ready' });
        applySeller(profile.seller ?? (await fetchSeller()));
        eventBus.emit('session:signed-in', { user: get().user ?? profile });
        return get().user ?? profile;
      } catch (error) {
        clear();
        throw error;
      }
    },

    signOut: () => {
      const token = get().token;
      // The token is cleared below before the request goes out, so pass it explicitly;
      // and a 401 here must not redirect a user who is already signing out.
      if (token) {
        void loadApiClient()
          .then((apiClient) =>
            apiClient.post('/auth/logout', undefined, {
              headers: { Authorization: `Bearer ${token}` },
              skipAuthRedirect: true,
            }),
          )
          .catch(() => undefined);
      }
      clear();
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

// A 401 anywhere clears the in-memory session as well as storage.
onUnauthorized(() => {
  sessionStore.setState({ token: null, user: null, seller: null, isSeller: false, status: 'ready' });
  eventBus.emit('session:signed-out', {});
});

// Another tab signed out: follow it.
eventBus.on('session:signed-out', () => {
  if (sessionStore.getState().token && !localStorage.getItem(STORAGE_KEYS.token)) {
    sessionStore.setState({ token: null, user: null, seller: null, isSeller: false, status: 'ready' });
  }
});

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
