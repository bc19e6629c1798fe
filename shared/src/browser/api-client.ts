/**
 * The one API client. Base URL from the runtime configuration plus /api/v1,
 * the bearer token from local storage, a 10 s timeout (30 s for multipart
 * seller calls), and the spec's 401 rule: clear token and user, then go to
 * /auth unless already there (auth-redirect.ts).
 *
 * axios is about 21 KB gzip, so nothing on the landing page's first-render path
 * imports this module statically: the session store and the navbar's badge
 * counts load it with import() when they need the network.
 */
import axios, { type AxiosInstance } from 'axios';
import { API_BASE_PATH, API_TIMEOUT_MS, MULTIPART_TIMEOUT_MS } from '../constants';
import type { ErrorBody } from '../http';
import { handleUnauthorized } from '@campus/shared/auth-redirect';
import { getRuntimeConfig } from '@campus/shared/runtime-config';
import { readStoredToken } from '@campus/shared/storage';

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
    (error: unknown) => {
      // Callers that expect a 401 (the login connectivity check) opt out of the redirect.
      const skip = axios.isAxiosError(error) && error.config?.skipAuthRedirect === true;
      if (axios.isAxiosError(error) && error.response?.status === 401 && !skip) handleUnauthorized();
      return Promise.reject(error);
    },
  );
  return client;
}

export const apiClient = createApiClient();

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The caller expects a 401 (the login connectivity check, the login call itself, logout):
     * do not apply the spec's 401 rule. A config field, not a header, so it never leaves the browser.
     */
    skipAuthRedirect?: boolean;
  }
}

export interface ApiErrorInfo {
  /** HTTP status, or undefined for a network error / timeout. */
  status: number | undefined;
  /** The server's `message`, when it sent one. */
  serverMessage: string | undefined;
  kind: 'http' | 'timeout' | 'network' | 'unknown';
}

/** Reads any thrown value into the one error shape the API answers with. */
export function readApiError(error: unknown): ApiErrorInfo {
  if (axios.isAxiosError(error)) {
    const body = error.response?.data as Partial<ErrorBody> | undefined;
    const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
    if (error.response) return { status: error.response.status, serverMessage, kind: 'http' };
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      return { status: undefined, serverMessage: undefined, kind: 'timeout' };
    }
    if (error.code === 'ERR_NETWORK') return { status: undefined, serverMessage: undefined, kind: 'network' };
  }
  return { status: undefined, serverMessage: undefined, kind: 'unknown' };
}
