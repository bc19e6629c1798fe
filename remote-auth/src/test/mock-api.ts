/**
 * Tests talk to the real shared API client; only its axios adapter is
 * replaced, so interceptors (token, 401 rule) and readApiError run for real.
 */
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '@campus/shared/api-client';
import { setRuntimeConfig } from '@campus/shared/runtime-config';

export const TEST_DOMAIN = 'campus.edu.ng';
export const TEST_UNIVERSITY = 'Campus University';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, unknown>;
  /** The caller opted out of the 401 rule (axios config, never sent). */
  skipAuthRedirect: boolean;
}

export type Reply =
  | { status: number; body?: unknown }
  | { fail: 'timeout' | 'network' }
  /** Never settles: lets a test look at the "sending" state. */
  | { pending: true };

type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

const routes = new Map<string, Handler[]>();
export const requests: RecordedRequest[] = [];

function key(method: string, url: string) {
  return `${method.toUpperCase()} ${url}`;
}

/** Answer the next call of METHOD url (queued: each call takes the next handler; the last one repeats). */
export function onApi(method: string, url: string, reply: Reply | Handler): void {
  const handler: Handler = typeof reply === 'function' ? reply : () => reply;
  const list = routes.get(key(method, url)) ?? [];
  list.push(handler);
  routes.set(key(method, url), list);
}

export function requestsTo(method: string, url: string): RecordedRequest[] {
  return requests.filter((r) => r.method === method.toUpperCase() && r.url === url);
}

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const method = (config.method ?? 'get').toUpperCase();
  const url = config.url ?? '';
  const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
  const request: RecordedRequest = { method, url, body, headers: AxiosHeaders.from(config.headers).toJSON(), skipAuthRedirect: config.skipAuthRedirect === true };
  requests.push(request);
  const list = routes.get(key(method, url));
  if (!list || list.length === 0) throw new Error(`No mock for ${method} ${url}`);
  const handler = list.length > 1 ? list.shift()! : list[0]!;
  const reply = await handler(request);
  if ('pending' in reply) return new Promise<AxiosResponse>(() => undefined);
  if ('fail' in reply) {
    throw reply.fail === 'timeout'
      ? new AxiosError('timeout of 10000ms exceeded', 'ECONNABORTED', config)
      : new AxiosError('Network Error', 'ERR_NETWORK', config);
  }
  const response: AxiosResponse = {
    data: reply.body ?? {},
    status: reply.status,
    statusText: String(reply.status),
    headers: {},
    config,
  };
  if (reply.status >= 200 && reply.status < 300) return response;
  throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_RESPONSE', config, null, response);
};

export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: 'Error', message };
}

/** Call in beforeEach: runtime config, a clean mock table and clean storage. */
export function setupApi(): void {
  setRuntimeConfig({
    apiBaseUrl: 'http://api.test',
    remotes: { remoteAuth: '', remoteMarketplace: '', remoteCart: '', remoteSeller: '' },
    search: { appId: 'test', apiKey: 'test', indexName: 'products' },
    university: { name: TEST_UNIVERSITY, emailDomain: TEST_DOMAIN },
  });
  apiClient.defaults.adapter = adapter;
  routes.clear();
  requests.length = 0;
  localStorage.clear();
}
