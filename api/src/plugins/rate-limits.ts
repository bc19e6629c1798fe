/**
 * Rate limits for the account endpoints: per client address (route config)
 * and per e-mail (a preHandler, after validation has normalised the address),
 * and for the built-in search endpoint per client address (a hook on /1/*).
 * Over the limit the answer is 429 with the shared message and Retry-After.
 * Every counter lives in one store (limits/counters.ts): the database, or
 * Redis when REDIS_URL is set. All instances share it and a restart forgives
 * nothing.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@campus/shared/messages';
import { HttpError } from '../http/errors';
import { canonicalEmail } from '../lib/canonical-email';
import type { Clock } from '../lib/clock';
import { databaseCounters } from '../limits/counter-repository';
import { secondsUntil, type CounterStore } from '../limits/counters';
import { counterStore } from '../limits/fastify-store';
import { connectRedis, redisCounters } from '../limits/redis-counters';

export interface Limit {
  max: number;
  windowMs: number;
}
export interface LimitPair {
  perIp: Limit;
  perEmail: Limit;
}
export interface RateLimits {
  /** perEmail counts failed sign-ins only (see loginFailures). */
  login: LimitPair;
  register: LimitPair;
  verify: LimitPair;
  resend: LimitPair;
  forgotPassword: LimitPair;
  /** The body carries a token, not an e-mail: per address only. */
  resetPassword: { perIp: Limit };
  /** Wrong old passwords per signed-in user. */
  changePassword: { perUser: Limit };
  /** POST /payments/initiate, per address and per signed-in buyer: each checkout holds stock for RESERVATION_MS. */
  checkout: { perIp: Limit; perUser: Limit };
  /** The buyer's cancel (orders.cancelMine), per address and per buyer: each one moves a refund and stock. */
  cancelOrder: { perIp: Limit; perUser: Limit };
  /** Payout accounts looked up with the bank before onboarding's Finish (sellers.checkBankAccount), per signed-in user: each asks Paystack. */
  accountCheck: { perUser: Limit };
  /** Minimum time between two verification codes for one account. */
  resendCooldownMs: number;
  /** Requests to the built-in search endpoint (/1/*) per client address. */
  search: { perIp: Limit };
  /** Messages sent per user (messages.send). */
  messages: { perUser: Limit };
  /** New conversations started per user (an existing one opened again does not count). */
  conversations: { perUser: Limit };
  /** Requests that may carry photos (become a seller, store and product changes) per client address: each costs image processing and disk. */
  uploads: { perIp: Limit };
  /** Content-Security-Policy violation reports (POST /csp-reports) per client address: anyone may post them, each is a log line. */
  cspReports: { perIp: Limit };
  /**
   * The coarse limit on every request but the photos (/uploads/), per client
   * address, counted in this process's memory: a flood guard, not a security
   * limit, so it costs no database write per request.
   */
  everyRoute: { perIp: Limit };
}

const MIN = 60_000;
/** 20 a second on average: the search box sends a search and a suggestion at most every 150 ms (its debounce), about 13 a second. */
const SEARCH_PER_IP: Limit = { max: 200, windowMs: 10_000 };
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { perIp: { max: 30, windowMs: 15 * MIN }, perEmail: { max: 10, windowMs: 15 * MIN } },
  register: { perIp: { max: 20, windowMs: 60 * MIN }, perEmail: { max: 5, windowMs: 60 * MIN } },
  verify: { perIp: { max: 30, windowMs: 15 * MIN }, perEmail: { max: 10, windowMs: 15 * MIN } },
  resend: { perIp: { max: 20, windowMs: 60 * MIN }, perEmail: { max: 5, windowMs: 60 * MIN } },
  forgotPassword: { perIp: { max: 20, windowMs: 60 * MIN }, perEmail: { max: 5, windowMs: 60 * MIN } },
  resetPassword: { perIp: { max: 20, windowMs: 60 * MIN } },
  changePassword: { perUser: { max: 10, windowMs: 15 * MIN } },
  // A day's window per buyer: re-checking out every hold period to keep a store's stock held
  // would take ~100 a day; 20 leaves retries and changed carts plenty of room.
  checkout: { perIp: { max: 60, windowMs: 60 * MIN }, perUser: { max: 20, windowMs: 24 * 60 * MIN } },
  cancelOrder: { perIp: { max: 30, windowMs: 60 * MIN }, perUser: { max: 10, windowMs: 24 * 60 * MIN } },
  accountCheck: { perUser: { max: 20, windowMs: 60 * MIN } },
  resendCooldownMs: 60_000,
  search: { perIp: SEARCH_PER_IP },
  // A brisk chat is a message every few seconds; 30 a minute stops a flood, not a conversation.
  messages: { perUser: { max: 30, windowMs: MIN } },
  // A student asking about a day's worth of listings; more looks like spam.
  conversations: { perUser: { max: 30, windowMs: 24 * 60 * MIN } },
  // A seller listing a term's stock adds a product a minute at most; 60 an hour from one address is plenty.
  uploads: { perIp: { max: 60, windowMs: 60 * MIN } },
  // A page with a broken policy reports each blocked thing once per load: 100 in 10 minutes is a few dozen pages.
  cspReports: { perIp: { max: 100, windowMs: 10 * MIN } },
  // 50 a second on average from one address: far above a student's browsing, even a hostel behind one NAT address.
  everyRoute: { perIp: { max: 3000, windowMs: MIN } },
};

/**
 * The limits with every per-address maximum multiplied by `scale`
 * (RATE_LIMIT_SCALE): for students behind one campus NAT address, and for the
 * end-to-end journeys, which all come from 127.0.0.1. Per-e-mail and per-user
 * limits (the lock-out among them) never scale.
 */
export function scaledPerAddress(limits: RateLimits, scale: number): RateLimits {
  if (scale === 1) return limits;
  const scaled = structuredClone(limits);
  for (const limit of Object.values(scaled) as unknown[]) {
    const perIp = (limit as { perIp?: Limit } | null)?.perIp;
    if (perIp) perIp.max = Math.round(perIp.max * scale);
  }
  return scaled;
}

type NamesWith<K extends string> = {
  [N in keyof RateLimits]-?: RateLimits[N] extends Record<K, Limit> ? N : never;
}[keyof RateLimits];
/** Limits with a per-address part. */
export type IpLimitName = NamesWith<'perIp'>;
/** Limits with a per-e-mail part. */
export type EmailLimitName = NamesWith<'perEmail'>;
/** Limits with a per-user part. */
export type UserLimitName = NamesWith<'perUser'>;

export default fp<{ limits: RateLimits }>(
  async (app, { limits }) => {
    app.decorate('limits', limits);
    if (app.config.redisUrl) {
      const redis = await connectRedis(app.config.redisUrl, (error) =>
        app.log.warn({ err: error }, 'Redis (rate-limit counters) connection error'),
      );
      app.addHook('onClose', async () => {
        // A Redis that went away would keep a quitting client reconnecting: drop the connection instead.
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      });
      app.decorate('counters', redisCounters(redis));
    } else {
      app.decorate('counters', databaseCounters(app.db));
    }
    const coarse = new MemoryWindows(limits.everyRoute.perIp);
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/uploads/')) return;
      const wait = coarse.hit(request.ip, app.clock.now().getTime());
      if (wait !== null) throw tooManyRequests(reply, wait);
    });
    await app.register(rateLimit, {
      global: false,
      store: counterStore(app.counters, app.clock),
      errorResponseBuilder: () => new HttpError(429, MESSAGES.generic.tooManyRequests),
    });
  },
  { name: 'rate-limits', dependencies: ['db'] },
);

/**
 * Route config for the per-address limit: `config: ipLimit(app, 'login')`.
 * `shared`: one counter for every route given it (the limit's name is the
 * group), instead of one per route.
 */
export function ipLimit(app: FastifyInstance, name: IpLimitName, shared = false) {
  const { max, windowMs } = app.limits[name].perIp;
  return { rateLimit: { max, timeWindow: windowMs, ...(shared ? { groupId: name } : {}) } };
}

/**
 * onRequest hook for the search limit, one counter per address for every
 * route of the scope it is added to (a route's own config would count each
 * route apart).
 */
export function searchRateLimit(app: FastifyInstance) {
  const { max, windowMs } = app.limits.search.perIp;
  return app.rateLimit({ max, timeWindow: windowMs, groupId: 'search' });
}

/** Fixed windows per key in this process's memory (the coarse limit only); finished windows are swept. */
class MemoryWindows {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(private readonly limit: Limit) {}

  /** Counts one hit; over the limit, the seconds to wait, else null. */
  hit(key: string, now: number): number | null {
    if (now >= this.nextSweep) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      this.nextSweep = now + this.limit.windowMs;
    }
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { hits: 0, resetAt: now + this.limit.windowMs };
      this.windows.set(key, w);
    }
    w.hits += 1;
    return w.hits > this.limit.max ? secondsUntil(new Date(w.resetAt), new Date(now)) : null;
  }
}

/**
 * A fixed-window counter per key (an e-mail, a user id) in the app's counter
 * store. @fastify/rate-limit runs at most one of its limiters per request,
 * and the per-address one already ran, so the other limits use this.
 */
export class Counter {
  constructor(
    private readonly counters: CounterStore,
    private readonly clock: Clock,
    /** Names the limit in the keys: `<name>:<key>`. */
    private readonly name: string,
    private readonly limit: Limit,
  ) {}

  private key(key: string): string {
    return `${this.name}:${key}`;
  }

  /** Counts one event for the key; over the limit (this one included) it answers the seconds to wait, else null. */
  async hit(key: string): Promise<number | null> {
    const now = this.clock.now();
    const state = await this.counters.hit(this.key(key), this.limit.windowMs, now);
    return state.hits > this.limit.max ? secondsUntil(state.resetAt, now) : null;
  }

  /** Seconds until the key's window ends when it has used up the limit, else null. */
  async blockedFor(key: string): Promise<number | null> {
    const now = this.clock.now();
    const state = await this.counters.read(this.key(key), now);
    if (!state || state.hits < this.limit.max) return null;
    return secondsUntil(state.resetAt, now);
  }

  /** Takes back one event counted with hit (an attempt that turned out not to be a failure). */
  async undo(key: string): Promise<void> {
    await this.counters.undo(this.key(key), this.clock.now());
  }

  async reset(key: string): Promise<void> {
    await this.counters.clear(this.key(key));
  }
}

/** The 429 every limit answers, with Retry-After (and a more precise text where the screen has one). */
export function tooManyRequests(
  reply: FastifyReply,
  retryAfterSeconds: number,
  message: string = MESSAGES.generic.tooManyRequests,
): HttpError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new HttpError(429, message);
}

/**
 * preHandler for the per-e-mail limit (the body has been validated by then):
 * every request counts, per e-mail and client address together, so someone
 * else's requests for a student's address never use up the student's own
 * quota. The per-address limit bounds how many addresses one client tries.
 */
export function emailLimit(app: FastifyInstance, name: EmailLimitName): preHandlerAsyncHookHandler {
  const counter = new Counter(app.counters, app.clock, `${name}-email`, app.limits[name].perEmail);
  return async (request: FastifyRequest, reply) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return;
    // Counted first, in one statement: parallel requests cannot all slip under the limit. Per mailbox,
    // so the spellings of one address (plus-tags, case) share the count.
    const wait = await counter.hit(`${canonicalEmail(email, app.config.universityEmailRule)}|${request.ip}`);
    if (wait !== null) throw tooManyRequests(reply, wait);
  };
}

/**
 * preHandler for a per-user limit on a signed-in route (the protected scope
 * has authenticated by then): every request counts, right or refused, in one
 * statement, so parallel requests cannot all slip under the limit. Keys:
 * `<name>-user:<user id>`.
 */
export function userLimit(
  app: FastifyInstance,
  name: Exclude<UserLimitName, 'changePassword' | 'conversations'>,
  message: string = MESSAGES.generic.tooManyRequests,
): preHandlerAsyncHookHandler {
  const counter = new Counter(app.counters, app.clock, `${name}-user`, app.limits[name].perUser);
  return async (request: FastifyRequest, reply) => {
    if (!request.auth) return;
    const wait = await counter.hit(request.auth.user.id);
    if (wait !== null) throw tooManyRequests(reply, wait, message);
  };
}
