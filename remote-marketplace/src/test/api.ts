/**
 * remote-marketplace's API helper for tests, on the shared contract-driven
 * fake (`fakeApi` in @campus/shared/testing): routes are "METHOD /path"
 * relative to /api/v1 and answer [status, body]; a request to a path the
 * endpoint contract does not declare fails the test, and an answer of the
 * wrong shape fails the caller like a real one would.
 */
import { fakeApi, installTestRuntimeConfig, type FakeApi, type FakeRequest } from '@campus/shared/testing';

export { errorBody } from '@campus/shared/testing';

export interface MockRequest {
  method: string;
  path: string;
  /** The query string's parameters, as the client sent them. */
  query: Record<string, unknown>;
  body: unknown;
}

export type MockReply = [number, unknown] | Promise<[number, unknown]>;
export type MockHandler = (request: MockRequest) => MockReply;

export interface MockApi {
  calls: MockRequest[];
  on: (route: string, handler: MockHandler | [number, unknown]) => void;
  count: (route: string) => number;
  fake: FakeApi;
}

export const TEST_UNIVERSITY = { name: 'Campus University', emailDomain: 'campus.edu.ng' };

let running: FakeApi | null = null;

export function mockApi(routes: Record<string, MockHandler | [number, unknown]> = {}): MockApi {
  running?.restore();
  installTestRuntimeConfig({ search: { appId: 'campus', apiKey: 'key', indexName: 'products' }, university: TEST_UNIVERSITY });
  const table = new Map(Object.entries(routes));
  const calls: MockRequest[] = [];
  const fake = fakeApi();
  running = fake;
  fake.onAny(async (request: FakeRequest) => {
    const call = { method: request.method, path: request.url, query: request.query, body: request.body };
    calls.push(call);
    const handler = table.get(`${call.method} ${call.path}`);
    const [status, body] = handler ? await (typeof handler === 'function' ? handler(call) : handler) : [404, notFound(call.path)];
    return { status, body };
  });
  return {
    calls,
    fake,
    on: (route, handler) => table.set(route, handler),
    count: (route) => calls.filter((c) => `${c.method} ${c.path}` === route).length,
  };
}

export function notFound(message = 'Not found'): { statusCode: number; error: string; message: string } {
  return { statusCode: 404, error: 'Not Found', message };
}

export const envelope = <T>(data: T) => ({ data });

/** A promise you resolve later: lets a test look at the "while updating" state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
