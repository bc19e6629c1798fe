import { FALLBACK_CATEGORIES } from '@campus/shared/constants';
import { errorBody, mockApi, type MockApi } from '../../../test/mock-api';
import { resetMarketplaceState } from '../../../test/reset';
import { loadCategories } from './load-categories';

let api: MockApi;
let now: jest.SpyInstance<number, []>;
const LIST = [
  { id: 'c1', name: 'Electronics' },
  { id: 'c2', name: 'Books' },
];

beforeEach(() => {
  resetMarketplaceState();
  api = mockApi();
  now = jest.spyOn(Date, 'now').mockReturnValue(10_000_000);
});
afterEach(() => now.mockRestore());

describe('loadCategories', () => {
  it('fetches once and serves the cache for 5 minutes (the answer may be a bare list)', async () => {
    api.on('GET /categories/only', [200, LIST]);
    expect(await loadCategories()).toEqual({ categories: LIST, source: 'network' });
    now.mockReturnValue(10_000_000 + 5 * 60_000 - 1);
    expect(await loadCategories()).toEqual({ categories: LIST, source: 'cache' });
    expect(api.count('GET /categories/only')).toBe(1);
    now.mockReturnValue(10_000_000 + 5 * 60_000);
    expect((await loadCategories()).source).toBe('network');
    expect(api.count('GET /categories/only')).toBe(2);
  });

  it('uses the stale cache when the fetch fails after expiry', async () => {
    api.on('GET /categories/only', [200, { data: LIST }]);
    await loadCategories();
    api.on('GET /categories/only', [500, errorBody(500, 'down')]);
    now.mockReturnValue(10_000_000 + 6 * 60_000);
    expect(await loadCategories()).toEqual({ categories: LIST, source: 'stale' });
  });

  it('falls back to Electronics, Clothing, Books, Accessories when there is nothing at all', async () => {
    api.on('GET /categories/only', [500, errorBody(500, 'down')]);
    const loaded = await loadCategories();
    expect(loaded.source).toBe('fallback');
    expect(loaded.categories.map((c) => c.name)).toEqual([...FALLBACK_CATEGORIES]);
  });

  it('shares one request between callers that ask at the same time', async () => {
    api.on('GET /categories/only', [200, { data: LIST }]);
    await Promise.all([loadCategories(), loadCategories(), loadCategories()]);
    expect(api.count('GET /categories/only')).toBe(1);
  });
});
