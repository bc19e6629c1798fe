import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('answers while fresh, not after the lifetime, but keeps the stale value', () => {
    let now = 1_000;
    const cache = createTtlCache<string>(2 * 60_000, () => now);
    expect(cache.get()).toBeUndefined();
    cache.set('cart');
    now += 2 * 60_000 - 1;
    expect(cache.get()).toBe('cart');
    now += 1;
    expect(cache.get()).toBeUndefined();
    expect(cache.getStale()).toBe('cart');
  });

  it('clear empties both fresh and stale', () => {
    const cache = createTtlCache<number>(1000, () => 0);
    cache.set(3);
    cache.clear();
    expect(cache.get()).toBeUndefined();
    expect(cache.getStale()).toBeUndefined();
  });
});
