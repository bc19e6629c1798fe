/** The category rules of spec sections 4 and 8 on the shared categories query: 5 minutes fresh, stale copy on failure, fallback list. */
import { FALLBACK_CATEGORIES } from '@campus/shared/constants';
import { categories } from '@campus/shared/endpoints';
import { createTestQueryClient, fakeApi, type FakeApi } from '@campus/shared/testing';
import type { QueryClient } from '@tanstack/react-query';
import { loadCategories } from './categories';

let api: FakeApi;
let client: QueryClient;
let now: jest.SpyInstance<number, []>;
const LIST = [
  { id: 'c1', name: 'Electronics' },
  { id: 'c2', name: 'Books' },
];

beforeEach(() => {
  api = fakeApi();
  client = createTestQueryClient();
  now = jest.spyOn(Date, 'now').mockReturnValue(10_000_000);
});
afterEach(() => {
  now.mockRestore();
  client.clear();
});

describe('loadCategories', () => {
  it('fetches once and serves the cache for 5 minutes (the answer may be a bare list)', async () => {
    api.on(categories.listCategories, { status: 200, body: LIST });
    expect(await loadCategories(client)).toEqual({ categories: LIST, source: 'network' });
    now.mockReturnValue(10_000_000 + 5 * 60_000 - 1);
    expect(await loadCategories(client)).toEqual({ categories: LIST, source: 'cache' });
    expect(api.calls(categories.listCategories).length).toBe(1);
    now.mockReturnValue(10_000_000 + 5 * 60_000);
    expect((await loadCategories(client)).source).toBe('network');
    expect(api.calls(categories.listCategories).length).toBe(2);
  });

  it('uses the stale copy when the fetch fails after expiry', async () => {
    api.ok(categories.listCategories, LIST);
    await loadCategories(client);
    api.fail(categories.listCategories, 500, 'down');
    now.mockReturnValue(10_000_000 + 6 * 60_000);
    expect(await loadCategories(client)).toEqual({ categories: LIST, source: 'stale' });
    expect(api.calls(categories.listCategories).length).toBe(2);
  });

  it('falls back to Electronics, Clothing, Books, Accessories when there is nothing at all', async () => {
    api.fail(categories.listCategories, 500, 'down');
    const loaded = await loadCategories(client);
    expect(loaded.source).toBe('fallback');
    expect(loaded.categories.map((c) => c.name)).toEqual([...FALLBACK_CATEGORIES]);
  });

  it('shares one request between callers that ask at the same time', async () => {
    api.ok(categories.listCategories, LIST);
    await Promise.all([loadCategories(client), loadCategories(client), loadCategories(client)]);
    expect(api.calls(categories.listCategories).length).toBe(1);
  });
});
