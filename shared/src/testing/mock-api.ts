/**
 * Replace the shared API client's network layer in tests: a handler maps a
 * request to a status and body; non-2xx answers reject like real axios does.
 */
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../browser/api-client';
import { setRuntimeConfig, type RuntimeConfig } from '../browser/runtime-config';

export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  remotes: {
    remoteAuth: 'http://localhost:3001/mf-manifest.json',
    remoteMarketplace: 'http://localhost:3002/mf-manifest.json',
    remoteCart: 'http://localhost:3003/mf-manifest.json',
    remoteSeller: 'http://localhost:3004/mf-manifest.json',
  },
  search: { appId: 'test', apiKey: 'test', indexName: 'products' },
  university: { name: 'Test University', emailDomain: 'students.example.edu' },
};

export function installTestRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): void {
  setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, ...overrides });
}

export interface MockRequest {
  method: string;
  /** Path after /api/v1, e.g. "/cart". */
  url: string;
  headers: Record<string, unknown>;
  data: unknown;
  /** As the client's interceptors left them. */
  baseURL: string | undefined;
  timeout: number | undefined;
}

export type MockAnswer = { status: number; body?: unknown } | 'network-error' | 'timeout';
export type MockHandler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

export interface ApiMock {
  /** Every request seen, in order. */
  requests: MockRequest[];
  restore: () => void;
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/** Installs the handler as the apiClient adapter (installs the test runtime config too). */
export function mockApi(handler: MockHandler): ApiMock {
  installTestRuntimeConfig();
  const previous = apiClient.defaults.adapter;
  const requests: MockRequest[] = [];
  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const request: MockRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers: config.headers.toJSON() as Record<string, unknown>,
      data: config.data instanceof FormData ? config.data : parseBody(config.data),
      baseURL: config.baseURL,
      timeout: config.timeout,
    };
    requests.push(request);
    const answer = await handler(request);
    if (answer === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if (answer === 'timeout') throw new AxiosError('timeout exceeded', AxiosError.ECONNABORTED, config);
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
  };
  return {
    requests,
    restore: () => {
      apiClient.defaults.adapter = previous;
    },
  };
}
