/**
 * A one-value cache with a lifetime (spec section 4 "Caching"). `get` answers
 * only while fresh; `getStale` answers whatever was stored last, for the
 * "use the stale cache when the fetch fails" rule.
 */
export interface TtlCache<T> {
  get(): T | undefined;
  getStale(): T | undefined;
  set(value: T): void;
  clear(): void;
}

export function createTtlCache<T>(ttlMs: number, now: () => number = () => Date.now()): TtlCache<T> {
  let entry: { value: T; storedAt: number } | undefined;
  return {
    get() {
      if (!entry) return undefined;
      return now() - entry.storedAt < ttlMs ? entry.value : undefined;
    },
    getStale() {
      return entry?.value;
    },
    set(value) {
      entry = { value, storedAt: now() };
    },
    clear() {
      entry = undefined;
    },
  };
}
