/**
 * The one API client. Base URL from the runtime configuration plus /api/v1,
 * the bearer token from local storage, a 10 s timeout (30 s for multipart
 * seller calls), and the spec's 401 rule: clear token and user, then go to
 * /auth unless already there (auth-redirect.ts).
 *
 * The bearer token lives 15 minutes. A 401 first tries a renewal (POST
 * /auth/refresh with the stored renewal token), once for all the calls that
 * failed together, and across tabs, since a renewal token works only once and a
 * second use ends the session; each failed call is then retried once with the
 * new token. Only when the session cannot be renewed does the 401 rule apply.
 *
 * axios is about 21 KB gzip, so nothing on the landing page's first-render path
 * imports this module statically: the session store and the navbar's badge
 * counts load it with import() when they need the network.
 */
import axios, { type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { API_BASE_PATH, API_TIMEOUT_MS, MULTIPART_TIMEOUT_MS } from '../constants';
import { handleUnauthorized, sessionRenewed } from '@campus/shared/auth-redirect';
import { getRuntimeConfig } from '@campus/shared/runtime-config';
import { readStoredRefreshToken, readStoredToken, storeSessionTokens } from '@campus/shared/storage';

// Reading an error needs no axios (api-error.ts: the query client's retry rule uses it on every page).
export { messageOr, readApiError, type ApiErrorInfo } from './api-error';
// The 401 rule lives in auth-redirect.ts (no axios there, so start-up can use it); re-exported here unchanged.
export { handleUnauthorized, onUnauthorized, setAuthNavigator } from '@campus/shared/auth-redirect';

export function createApiClient(getBaseUrl: () => string = () => getRuntimeConfig().apiBaseUrl): AxiosInstance {
  const client = axios.create({ timeout: API_TIMEOUT_MS });
  client.interceptors.request.use((config) => {
    config.baseURL = `${getBaseUrl().replace(/\/$/, '')}${API_BASE_PATH}`;
    // The session store writes the token (its one owner); the client only reads it.
    const token = readStoredToken();
    // A caller may send a token of its own (logout sends the one it is ending).
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    if (typeof FormData !== 'undefined' && config.data instanceof FormData) {
      config.timeout = Math.max(config.timeout ?? 0, MULTIPART_TIMEOUT_MS);
    }
    return config;
  });
  client.interceptors.response.use(
    (response) => response,
    async (error: unknown) => {
      if (!axios.isAxiosError(error) || error.response?.status !== 401) throw error;
      const config = error.config;
      // Callers that expect a 401 (the login call, logout) opt out of renewal and redirect alike.
      if (!config || config.skipAuthRedirect === true) throw error;
      const sentWith = bearerOf(config.headers.get('Authorization'));
      if (!sentWith || config.retriedAfterRenewal === true) return endSession(error);
      const renewal = await renewAccessToken(client, sentWith);
      if (renewal.kind === 'ended') return endSession(error);
      // The renewal itself failed (network, server): the session may be fine; this call fails, nothing is cleared.
      if (renewal.kind === 'failed') throw error;
      config.headers.set('Authorization', `Bearer ${renewal.token}`);
      config.retriedAfterRenewal = true;
      return client.request(config);
    },
  );
  return client;
}

function endSession(error: AxiosError): never {
  handleUnauthorized();
  throw error;
}

function bearerOf(header: unknown): string | null {
  return typeof header === 'string' ? (/^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null) : null;
}

export type Renewal = { kind: 'renewed'; token: string } | { kind: 'ended' } | { kind: 'failed' };

let renewalInFlight: Promise<Renewal> | null = null;

/**
 * Renews the session whose bearer token `failedToken` was refused, once for every caller at the same
 * time: the calls that failed together share one renewal. Across tabs too, with a Web Lock where the
 * browser has them: a tab that waited finds the token another tab renewed and uses it.
 */
export function renewAccessToken(client: AxiosInstance, failedToken: string): Promise<Renewal> {
  renewalInFlight ??= withRenewalLock(() => renewOnce(client, failedToken)).finally(() => {
    renewalInFlight = null;
  });
  return renewalInFlight;
}

const RENEWAL_LOCK = 'campus-session-renewal';

async function withRenewalLock(renew: () => Promise<Renewal>): Promise<Renewal> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(RENEWAL_LOCK, renew) : renew();
}

async function renewOnce(client: AxiosInstance, failedToken: string): Promise<Renewal> {
  const stored = readStoredToken();
  // Renewed meanwhile (another tab, or a renewal that ended just before this call failed).
  if (stored && stored !== failedToken) return { kind: 'renewed', token: stored };
  const refreshToken = readStoredRefreshToken();
  if (!stored || !refreshToken) return { kind: 'ended' };
  // The contract's accounts endpoint (zod) loads only when a session is renewed.
  const { renewSession } = await import('../endpoints/accounts');
  let response: AxiosResponse<unknown>;
  try {
    response = await client.request<unknown>({
      method: renewSession.method,
      url: renewSession.path,
      data: { refreshToken },
      skipAuthRedirect: true,
    });
  } catch (error) {
    return axios.isAxiosError(error) && error.response?.status === 401 ? { kind: 'ended' } : { kind: 'failed' };
  }
  const parsed = renewSession.response.safeParse(response.data);
  if (!parsed.success) return { kind: 'failed' };
  // Signed out (or in as someone else) while the renewal was on its way: its answer belongs to no one,
  // and the session now stored is not this call's to end.
  if (readStoredToken() !== stored) return { kind: 'failed' };
  const { token, refreshToken: next } = parsed.data.data;
  storeSessionTokens(token, next);
  sessionRenewed(token);
  return { kind: 'renewed', token };
}

export const apiClient = createApiClient();

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The caller expects a 401 (the login connectivity check, the login call itself, logout):
     * do not apply the spec's 401 rule. A config field, not a header, so it never leaves the browser.
     */
    skipAuthRedirect?: boolean;
    /** Set on the one retry of a call after a renewal: a second 401 applies the 401 rule. */
    retriedAfterRenewal?: boolean;
  }
}
