/**
 * @fastify/rate-limit's store on our counters (the database, or Redis when
 * REDIS_URL is set): the per-address limits are shared by every API instance
 * and survive a restart. One prefix per limiter (the route, or the groupId of
 * a hook such as search's).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Clock } from '../lib/clock';
import type { CounterStore } from './counters';

/** What the plugin really passes to child(): its merged limit options with the route (or {} for a hook) as routeInfo. */
type ChildOptions = RateLimitOptions & { routeInfo?: { method?: string; url?: string }; groupId?: string };
type DeclaredChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

export function counterStore(counters: CounterStore, clock: Clock): FastifyRateLimitStoreCtor {
  class CounterRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'ip:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = clock.now();
      counters.hit(`${this.prefix}${key}`, timeWindow, now).then(
        (state) => callback(null, { current: state.hits, ttl: Math.max(0, state.resetAt.getTime() - now.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(declared: DeclaredChildOptions): FastifyRateLimitStore {
      const options = declared as unknown as ChildOptions;
      const name = options.groupId ?? `${options.routeInfo?.method ?? ''}${options.routeInfo?.url ?? ''}`;
      if (!name) throw new Error('a rate limit without a route needs a groupId (its counters are shared by that name)');
      return new CounterRateLimitStore(declared as unknown as FastifyRateLimitOptions, `ip:${name}:`);
    }
  }
  return CounterRateLimitStore;
}
