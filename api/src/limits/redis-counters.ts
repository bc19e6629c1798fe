/**
 * The security counters in Redis, when REDIS_URL is set: for a
 * deployment that already runs Redis and would rather not write a database
 * row per sign-in attempt. Each key is a hash {h: hits, r: window end in ms}
 * under `campus:limits:`; every read-modify-write is one Lua script, so
 * instances never lose a hit. Windows follow the app's clock (like the
 * database store); Redis expires each key when its window ends, so nothing
 * needs pruning.
 */
import { Redis, type Result } from 'ioredis';
import { MESSAGES } from '@campus/shared/messages';
import { HttpError } from '../http/errors';
import type { CounterState, CounterStore } from './counters';

const PREFIX = 'campus:limits:';

/** KEYS[1]; ARGV: now, the end of a new window, its length (ms). Answers {hits, window end}. */
const HIT = `
local now = tonumber(ARGV[1])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
if reset <= now then
  redis.call('HSET', KEYS[1], 'h', 1, 'r', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {1, ARGV[2]}
end
return {redis.call('HINCRBY', KEYS[1], 'h', 1), redis.call('HGET', KEYS[1], 'r')}
`;

/** KEYS[1]; ARGV: now. One hit back, only inside a live window and never below 0. */
const UNDO = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
if reset > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'h') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'h', -1)
end
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    campusLimitHit(key: string, now: string, resetAt: string, windowMs: string): Result<[number, string], Context>;
    campusLimitUndo(key: string, now: string): Result<number, Context>;
  }
}

/** A store failure is the server's, not the student's: 503, and the request is not let through unlimited. */
async function guarded<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    throw Object.assign(new HttpError(503, MESSAGES.generic.internal), { cause: error });
  }
}

/**
 * Connects (failing at start, not at the first sign-in, when Redis cannot be
 * reached). Later connection errors go to `onError` while ioredis reconnects;
 * meanwhile the limits answer 503.
 */
export async function connectRedis(url: string, onError: (error: Error) => void = () => undefined): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 5000 });
  redis.on('error', onError);
  redis.defineCommand('campusLimitHit', { numberOfKeys: 1, lua: HIT });
  redis.defineCommand('campusLimitUndo', { numberOfKeys: 1, lua: UNDO });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: Redis could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
  return redis;
}

export function redisCounters(redis: Redis): CounterStore {
  const state = (hits: number | string | null, resetAt: number | string | null): CounterState => ({
    hits: Number(hits),
    resetAt: new Date(Number(resetAt)),
  });
  return {
    kind: 'redis',

    async hit(key, windowMs, now) {
      const [hits, resetAt] = await guarded(
        redis.campusLimitHit(PREFIX + key, String(now.getTime()), String(now.getTime() + windowMs), String(windowMs)),
      );
      return state(hits, resetAt);
    },

    async read(key, now) {
      const [hits = null, resetAt = null] = await guarded(redis.hmget(PREFIX + key, 'h', 'r'));
      return resetAt !== null && Number(resetAt) > now.getTime() ? state(hits, resetAt) : null;
    },

    async undo(key, now) {
      await guarded(redis.campusLimitUndo(PREFIX + key, String(now.getTime())));
    },

    async set(key, value, now) {
      const ttl = Math.max(1, value.resetAt.getTime() - now.getTime());
      await guarded(
        redis
          .multi()
          .hset(PREFIX + key, 'h', value.hits, 'r', value.resetAt.getTime())
          .pexpire(PREFIX + key, ttl)
          .exec(),
      );
    },

    async clear(key) {
      await guarded(redis.del(PREFIX + key));
    },

    // Redis expires every key when its window ends.
    async prune() {
      return 0;
    },
  };
}

const RETRY_REDIS_AFTER_MS = 5_000;

/**
 * Redis with the database's counters behind it, as the API uses it: while Redis is away (ioredis not
 * connected, or a command failing) each operation counts in the database instead, so the limits still
 * hold and the site keeps working; once ioredis has reconnected, Redis counts again. A window that
 * spans a switch is counted in each store apart: for that window a key gets at most its allowance in
 * each, twice its allowance, never an unlimited one. `onSwitch` hears each change of store (a log line
 * per outage, not per request).
 */
export function redisWithDatabaseFallback(
  redis: Redis,
  database: CounterStore,
  onSwitch: (to: 'database' | 'redis', error?: unknown) => void = () => undefined,
): CounterStore {
  const primary = redisCounters(redis);
  let current: 'database' | 'redis' = 'redis';
  // After a failed command (a Redis that hangs answers nothing until the 2 s command timeout), the
  // database counts for this long before Redis is tried again: one slow request per pause, not each.
  let awayUntil = 0;
  const switchTo = (to: 'database' | 'redis', error?: unknown) => {
    if (current === to) return;
    current = to;
    onSwitch(to, error);
  };
  // While the database counts, one request at a time tries Redis again (after the pause): the others
  // do not all wait on a Redis that may still hang.
  let probing = false;
  const use = async <T>(operation: (store: CounterStore) => Promise<T>): Promise<T> => {
    const away = current === 'database';
    if (redis.status !== 'ready' || Date.now() < awayUntil || (away && probing)) {
      switchTo('database');
      return operation(database);
    }
    if (away) probing = true;
    try {
      const answer = await operation(primary);
      switchTo('redis');
      return answer;
    } catch (error) {
      awayUntil = Date.now() + RETRY_REDIS_AFTER_MS;
      switchTo('database', error);
      return operation(database);
    } finally {
      if (away) probing = false;
    }
  };
  return {
    kind: 'redis',
    hit: (key, windowMs, now) => use((store) => store.hit(key, windowMs, now)),
    read: (key, now) => use((store) => store.read(key, now)),
    undo: (key, now) => use((store) => store.undo(key, now)),
    set: (key, value, now) => use((store) => store.set(key, value, now)),
    clear: (key) => use((store) => store.clear(key)),
    // Redis expires its own keys; the rows an outage left in the database are the housekeeping's.
    prune: (before) => database.prune(before),
  };
}
