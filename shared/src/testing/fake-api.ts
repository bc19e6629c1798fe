/**
 * The one API fake for browser tests, driven by the endpoint contract. It
 * replaces the shared API client's network layer (so the token, the 401 rule
 * and `readApiError` run for real), recognises each request as one endpoint
 * of `@campus/shared/endpoints`, and answers what the test said for that
 * endpoint. A request that matches no endpoint fails the test: browser code
 * calls only what the contract declares.
 *
 * It is the one way browser tests speak to the API: replies are keyed by the
 * contract's endpoint (never by a hand-written path), so a renamed path or a
 * changed answer shape breaks the test the way it would break the app.
 *
 *   const api = fakeApi();
 *   api.ok(cart.getCart, makeCart());                 // { data: cart }, from now on
 *   api.fail(accounts.login, 401, 'No');              // the API's one error shape
 *   api.once(accounts.me, 'network-error').ok(accounts.me, makeUser()); // first call fails, then succeeds
 *   api.ok(withParams(categories.getCategory, { id: 'c1' }), electronics); // only for that id
 *   const held = heldReply();
 *   api.on(cart.updateCartItem, () => held.reply);    // answers when the test calls held.release(...)
 *   ...
 *   expect(api.calls(cart.addToCart)[0].body).toEqual({ items: [...] });
 */
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { z } from 'zod';
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

/** An endpoint with some of its path parameters: replies and `calls` for those values only. */
export interface EndpointWithParams {
  readonly endpoint: EndpointDefinition;
  readonly params: Readonly<Record<string, string>>;
}

/** What a reply or a `calls` query is for: every call of an endpoint, or those with the given path parameters. */
export type FakeTarget = EndpointDefinition | EndpointWithParams;

type PathParamsOf<D extends EndpointDefinition> = D['params'] extends z.ZodType ? { [K in keyof z.input<D['params']>]?: string } : never;

/** `withParams(categories.getCategory, { id: 'c1' })`: the calls of that endpoint for that id only. */
export function withParams<D extends EndpointDefinition>(endpoint: D, params: PathParamsOf<D>): EndpointWithParams {
  return { endpoint, params: params as Record<string, string> };
}

export interface FakeApi {
  /**
   * Answer every call of the target from now on; a later `on` (or `ok`, `fail`) for the same
   * target replaces it. A target with path parameters wins over the bare endpoint.
   */
  on(target: FakeTarget, reply: FakeReply | FakeHandler): FakeApi;
  /** Answer only the next call of the target (queued: several `once` answer calls in order), then the standing reply. */
  once(target: FakeTarget, reply: FakeReply | FakeHandler): FakeApi;
  /** Answer every endpoint that has no reply of its own (low-level tests of the client itself). */
  onAny(handler: FakeHandler): FakeApi;
  /** Shorthand for a success: `{ data, message? }` with the endpoint's success status. */
  ok(target: FakeTarget, data: unknown, message?: string): FakeApi;
  /** Shorthand for a failure in the API's one error shape. */
  fail(target: FakeTarget, status: number, message?: string): FakeApi;
  /** The requests made to the target, in order. */
  calls(target: FakeTarget): FakeRequest[];
  /** Every request, in order. */
  readonly requests: FakeRequest[];
  restore(): void;
}

/** A success body as the API sends it: `{ data }` (what `ok` answers; for handlers that build their own reply). */
export function envelope<T>(data: T): { data: T } {
  return { data };
}

/**
 * A reply the test releases later, to look at the "on its way" state:
 * `api.on(endpoint, () => held.reply)`, then `held.release({ status: 200, body: envelope(x) })`.
 */
export function heldReply(): { reply: Promise<FakeReply>; release: (reply: FakeReply) => void } {
  let release!: (reply: FakeReply) => void;
  const reply = new Promise<FakeReply>((resolve) => {
    release = resolve;
  });
  return { reply, release };
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
function matchEndpoint(method: string, url: string): { endpoint: EndpointDefinition; params: Record<string, string> } | null {
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

function targetOf(target: FakeTarget): EndpointWithParams {
  return 'endpoint' in target ? target : { endpoint: target, params: {} };
}

function targetMatches(target: EndpointWithParams, request: FakeRequest): boolean {
  return (
    target.endpoint.name === request.endpoint.name && Object.entries(target.params).every(([name, value]) => request.params[name] === value)
  );
}

/** The replies for one target: answers queued with `once`, then the standing one. */
interface ReplySlot {
  target: EndpointWithParams;
  once: FakeHandler[];
  standing: FakeHandler | null;
}

/** The fake installed now: a new one takes its place, so a test that forgot `restore` leaks no answers. */
let installed: FakeApi | null = null;

export function fakeApi(): FakeApi {
  installed?.restore();
  installTestRuntimeConfig();
  const previous = apiClient.defaults.adapter;
  const slots = new Map<string, ReplySlot>();
  let fallback: FakeHandler | null = null;
  const requests: FakeRequest[] = [];

  const slotFor = (target: FakeTarget): ReplySlot => {
    const resolved = targetOf(target);
    const key = JSON.stringify([resolved.endpoint.name, Object.entries(resolved.params).sort()]);
    const slot = slots.get(key) ?? { target: resolved, once: [], standing: null };
    slots.set(key, slot);
    return slot;
  };

  /** The most specific target with a reply left: a `once` reply first, then the standing one. */
  const replyFor = (request: FakeRequest): FakeHandler | null => {
    const matching = [...slots.values()]
      .filter((slot) => targetMatches(slot.target, request))
      .sort((a, b) => Object.keys(b.target.params).length - Object.keys(a.target.params).length);
    for (const slot of matching) {
      const next = slot.once.shift() ?? slot.standing;
      if (next) return next;
    }
    return fallback;
  };

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
        ? {
            onUploadProgress: (event: { loaded: number; total?: number }) =>
              config.onUploadProgress?.({ ...event, bytes: event.loaded, lengthComputable: event.total !== undefined }),
          }
        : {}),
    };
    requests.push(request);
    const handler = replyFor(request);
    const reply: FakeReply = handler
      ? await handler(request)
      : { status: 500, body: errorBody(500, `The fake API has no answer for ${matched.endpoint.name}`) };
    if (reply === 'pending') return new Promise<never>(() => undefined);
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if (reply === 'timeout') throw new AxiosError('timeout exceeded', AxiosError.ECONNABORTED, config);
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: reply.headers ?? {},
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
  };

  const handlerOf = (reply: FakeReply | FakeHandler): FakeHandler => (typeof reply === 'function' ? reply : () => reply);

  const api: FakeApi = {
    requests,
    on(target, reply) {
      const slot = slotFor(target);
      slot.standing = handlerOf(reply);
      return api;
    },
    once(target, reply) {
      slotFor(target).once.push(handlerOf(reply));
      return api;
    },
    onAny(handler) {
      fallback = handler;
      return api;
    },
    ok(target, data, message) {
      const body = message === undefined ? envelope(data) : { ...envelope(data), message };
      return api.on(target, { status: targetOf(target).endpoint.status ?? 200, body });
    },
    fail(target, status, message) {
      return api.on(target, { status, body: errorBody(status, message) });
    },
    calls: (target) => requests.filter((request) => targetMatches(targetOf(target), request)),
    restore() {
      if (installed !== api) return;
      apiClient.defaults.adapter = previous;
      installed = null;
    },
  };
  installed = api;
  return api;
}

/**
 * The one set-up of the fake for a test file: a fresh fake before each test, restored (and the
 * session's storage cleared) after it. Call once at the top of the file; read `.api` inside tests.
 */
export function setUpFakeApi(): { readonly api: FakeApi } {
  const state = { api: undefined as unknown as FakeApi };
  beforeEach(() => {
    state.api = fakeApi();
  });
  afterEach(() => {
    state.api.restore();
    localStorage.clear();
  });
  return state;
}
