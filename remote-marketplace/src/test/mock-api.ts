/**
 * Test-only: answers the shared axios client at its adapter, so the real
 * request code (interceptors, URLs, bodies, error reading) runs in tests.
 * Routes are "METHOD /path" relative to /api/v1; a handler returns
 * [status, body] and may inspect the request.
 */
import { apiClient } from '@campus/shared/api-client';
import { setRuntimeConfig } from '@campus/shared/runtime-config';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface MockRequest {
  method: string;
  path: string;
  body: unknown;
}

export type MockReply = [number, unknown] | Promise<[number, unknown]>;
export type MockHandler = (request: MockRequest) => MockReply;

export interface MockApi {
  calls: MockRequest[];
  on: (route: string, handler: MockHandler | [number, unknown]) => void;
  count: (route: string) => number;
}

export const TEST_RUNTIME_CONFIG = {
  apiBaseUrl: 'http://api.test',
  remotes: { remoteAuth: 'a', remoteMarketplace: 'b', remoteCart: 'c', remoteSeller: 'd' },
  search: { appId: 'campus', apiKey: 'key', indexName: 'products' },
  university: { name: 'Campus University', emailDomain: 'campus.edu.ng' },
};

export function mockApi(routes: Record<string, MockHandler | [number, unknown]> = {}): MockApi {
  setRuntimeConfig(TEST_RUNTIME_CONFIG);
  const table = new Map(Object.entries(routes));
  const calls: MockRequest[] = [];

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = (config.url ?? '').replace(/^\/+/, '/');
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const request = { method, path, body };
    calls.push(request);
    const handler = table.get(`${method} ${path}`);
    const [status, data] = handler ? await (typeof handler === 'function' ? handler(request) : handler) : [404, notFound(path)];
    const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config, request: {} };
    if (status >= 400) {
      throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    }
    return response;
  };
  apiClient.defaults.adapter = adapter;

  return {
    calls,
    on: (route, handler) => table.set(route, handler),
    count: (route) => calls.filter((c) => `${c.method} ${c.path}` === route).length,
  };
}

export function notFound(message = 'Not found'): { statusCode: number; error: string; message: string } {
  return { statusCode: 404, error: 'Not Found', message };
}

export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: 'Error', message };
}

/** A promise you resolve later: lets a test look at the "while updating" state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
