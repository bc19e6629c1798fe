/**
 * The one API fake for browser tests, driven by the endpoint contract. It
 * replaces the shared API client's network layer (so the token, the 401 rule
 * and `readApiError` run for real), recognises each request as one endpoint
 * of `@campus/shared/endpoints`, and answers what the test said for that
 * endpoint. A request that matches no endpoint fails the test: browser code
 * calls only what the contract declares.
 *
 *   const api = fakeApi();
 *   api.ok(cart.getCart, makeCart());                 // { data: cart }
 *   api.on(accounts.login, { status: 401, body: errorBody(401, 'No') });
 *   ...
 *   expect(api.calls(cart.addToCart)[0].body).toEqual({ items: [...] });
 */
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../browser/api-client';
import { ENDPOINTS, type EndpointDefinition } from '../endpoints';
import { installTestRuntimeConfig } from './runtime-config';

export interface FakeRequest {
  endpoint: EndpointDefinition;
  method: string;
  /** Path after /api/v1. */
  url: string;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Parsed JSON body, or the FormData of a multipart call. */
  body: unknown;
  headers: Record<string, unknown>;
  /** As the client's interceptors left them. */
  baseURL: string | undefined;
  timeout: number | undefined;
  /** The caller opted out of the 401 rule (a config field, never sent). */
  skipAuthRedirect: boolean;
  /** Report upload progress as the browser would (a multipart call with a progress listener); absent otherwise. */
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
}

export type FakeReply =
  /** headers: response headers as the server sends them (e.g. Retry-After on a 429). */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | 'network-error'
  | 'timeout'
  /** Never settles: lets a test look at the "sending" state. */
  | 'pending';
export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeApi {
  /** Answer the next calls of an endpoint (queued: each call takes the next reply; the last one repeats). */
  on(endpoint: EndpointDefinition, reply: FakeReply | FakeHandler): FakeApi;
  /** Answer every endpoint that has no reply of its own (low-level tests of the client itself). */
  onAny(handler: FakeHandler): FakeApi;
  /** Shorthand for a success: `{ data, message? }` with the endpoint's success status. */
  ok(endpoint: EndpointDefinition, data: unknown, message?: string): FakeApi;
  /** Shorthand for a failure in the API's one error shape. */
  fail(endpoint: EndpointDefinition, status: number, message?: string): FakeApi;
  /** The requests made to one endpoint, in order. */
  calls(endpoint: EndpointDefinition): FakeRequest[];
  /** Every request, in order. */
  readonly requests: FakeRequest[];
  restore(): void;
}

export function errorBody(statusCode: number, message = 'Request failed'): { statusCode: number; error: string; message: string } {
  return { statusCode, error: statusCode >= 500 ? 'Internal Server Error' : 'Error', message };
}

const compiled = ENDPOINTS.map((endpoint) => {
  const names: string[] = [];
  const pattern = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { endpoint, names, regex: new RegExp(`^${pattern}/?$`) };
});

/** The endpoint a request is for. Static paths win over patterns (`/products/all` before `/products/:slug`). */
export function matchEndpoint(method: string, url: string): { endpoint: EndpointDefinition; params: Record<string, string> } | null {
  const path = url.split('?')[0] ?? url;
  const candidates = compiled
    .filter((c) => c.endpoint.method === method.toUpperCase())
    .map((c) => ({ c, match: c.regex.exec(path) }))
    .filter((x): x is { c: (typeof compiled)[number]; match: RegExpExecArray } => x.match !== null)
    .sort((a, b) => a.c.names.length - b.c.names.length);
  const best = candidates[0];
  if (!best) return null;
  const params = Object.fromEntries(best.c.names.map((name, i) => [name, decodeURIComponent(best.match[i + 1] ?? '')]));
  return { endpoint: best.c.endpoint, params };
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

export function fakeApi(): FakeApi {
  installTestRuntimeConfig();
  const previous = apiClient.defaults.adapter;
  const replies = new Map<string, FakeHandler[]>();
  let fallback: FakeHandler | null = null;
  const requests: FakeRequest[] = [];

  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const matched = matchEndpoint(method, url);
    if (!matched) throw new Error(`The browser called ${method} ${url}, which the endpoint contract does not declare`);
    const request: FakeRequest = {
      endpoint: matched.endpoint,
      method,
      url,
      params: matched.params,
      query: (config.params as Record<string, unknown> | undefined) ?? {},
      body: config.data instanceof FormData ? config.data : parseBody(config.data),
      headers: config.headers.toJSON() as Record<string, unknown>,
      baseURL: config.baseURL,
      timeout: config.timeout,
      skipAuthRedirect: config.skipAuthRedirect === true,
      ...(config.onUploadProgress
        ? { onUploadProgress: (event: { loaded: number; total?: number }) => config.onUploadProgress?.({ ...event, bytes: event.loaded, lengthComputable: event.total !== undefined }) }
        : {}),
    };
    requests.push(request);
    const queue = replies.get(matched.endpoint.name) ?? [];
    const handler = (queue.length > 1 ? queue.shift() : queue[0]) ?? fallback;
    const reply: FakeReply = handler
      ? await handler(request)
      : { status: 500, body: errorBody(500, `The fake API has no answer for ${matched.endpoint.name}`) };
    if (reply === 'pending') return new Promise<never>(() => undefined);
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if (reply === 'timeout') throw new AxiosError('timeout exceeded', AxiosError.ECONNABORTED, config);
    const response: AxiosResponse = { data: reply.body, status: reply.status, statusText: String(reply.status), headers: reply.headers ?? {}, config };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
  };

  const api: FakeApi = {
    requests,
    on(endpoint, reply) {
      const handler: FakeHandler = typeof reply === 'function' ? reply : () => reply;
      replies.set(endpoint.name, [...(replies.get(endpoint.name) ?? []), handler]);
      return api;
    },
    onAny(handler) {
      fallback = handler;
      return api;
    },
    ok(endpoint, data, message) {
      return api.on(endpoint, { status: endpoint.status ?? 200, body: message === undefined ? { data } : { data, message } });
    },
    fail(endpoint, status, message) {
      return api.on(endpoint, { status, body: errorBody(status, message) });
    },
    calls: (endpoint) => requests.filter((r) => r.endpoint.name === endpoint.name),
    restore() {
      apiClient.defaults.adapter = previous;
    },
  };
  return api;
}
