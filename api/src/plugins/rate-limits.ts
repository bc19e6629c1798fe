/**
 * Rate limits for the account endpoints: per client address (route config)
 * and per e-mail (a preHandler, after validation has normalised the address),
 * and for the built-in search endpoint per client address (a hook on /1/*).
 * Over the limit the answer is 429 with the shared message and Retry-After.
 * Every counter lives in one store (limits/counters.ts): the database, or
 * Redis when REDIS_URL is set. All instances share it and a restart forgives
 * nothing.
 */
import { isIPv6 } from 'node:net';
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
import { connectRedis, redisWithDatabaseFallback } from '../limits/redis-counters';

declare module 'fastify' {
  interface FastifyInstance {
    limits: RateLimits;
    /** Where the security limits count: the database, or Redis when REDIS_URL is set. */
    counters: CounterStore;
  }
}

export interface Limit {
  max: number;
  windowMs: number;
}
export interface LimitPair {
  perIp: Limit;
  perEmail: Limit;
}
/**
 * An e-mail endpoint anyone may call (sign-up, verification, resend, forgot-password): per e-mail and
 * address together as a pair, per address a ceiling a campus behind one NAT address never meets, and
 * past `challengeAfter` requests from one address in the perIp window, each request must carry a
 * solved proof-of-work challenge (accounts/proof-of-work.ts): a cost instead of a refusal.
 */
export interface ChallengedLimits extends LimitPair {
  challengeAfter: number;
}
export interface RateLimits {
  /**
   * Failed sign-ins only, successes never count: perEmail is the account's lock-out
   * (accounts/sign-in-guard.ts), perIp the failures from one address across every account
   * (credential stuffing). A device that signed in to the account before passes both.
   */
  login: LimitPair;
  register: ChallengedLimits;
  verify: ChallengedLimits;
  resend: ChallengedLimits;
  forgotPassword: ChallengedLimits;
  /** The proof-of-work challenges of the endpoints above: how hard (the largest number to try) and how long one may be solved. */
  proofOfWork: { maxNumber: number; expiresMs: number };
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
  /** Requests that may carry photos (become a seller, store and product changes, chat and dispute photos), per signed-in user and per client address: each costs image processing and disk. */
  uploads: { perIp: Limit; perUser: Limit };
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
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/**
 * The defaults, sized for a campus whose students share a few NAT addresses (a library's Wi-Fi, a
 * carrier's CGNAT): per account first; per address only what an attacker on one machine would
 * exceed and a whole campus would not. The table with the reasoning is docs/api.md "Rate limits".
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  // 10 wrong passwords lock an account (sign-in-guard.ts). 300 failures in 15 minutes from one address: a
  // rush of 3,000 sign-ins with one typo in ten, and 30 accounts' worth of guesses for a stuffing run.
  login: { perIp: { max: 300, windowMs: 15 * MIN }, perEmail: { max: 10, windowMs: 15 * MIN } },
  // 600 sign-ups an hour from one address are free (ten a minute for an hour: more than one lab signs up);
  // past that each costs a second of the browser's work; 5,000 an hour is the ceiling.
  register: { perIp: { max: 5000, windowMs: HOUR }, perEmail: { max: 5, windowMs: HOUR }, challengeAfter: 600 },
  // Every sign-up verifies once or twice (a mistyped code); the code itself is guarded per account (5 tries).
  verify: { perIp: { max: 10_000, windowMs: HOUR }, perEmail: { max: 10, windowMs: 15 * MIN }, challengeAfter: 1500 },
  resend: { perIp: { max: 5000, windowMs: HOUR }, perEmail: { max: 5, windowMs: HOUR }, challengeAfter: 600 },
  forgotPassword: { perIp: { max: 5000, windowMs: HOUR }, perEmail: { max: 5, windowMs: HOUR }, challengeAfter: 600 },
  // About 100,000 SHA-256 hashes on average (half the range): about a second in a phone's browser, 10 minutes to use it.
  proofOfWork: { maxNumber: 200_000, expiresMs: 10 * MIN },
  // The token is 256 random bits (nothing to guess); each request costs one lookup.
  resetPassword: { perIp: { max: 2000, windowMs: HOUR } },
  changePassword: { perUser: { max: 10, windowMs: 15 * MIN } },
  // A day's window per buyer: re-checking out every hold period to keep a store's stock held
  // would take ~100 a day; 20 leaves retries and changed carts plenty of room. Per address: a flood guard,
  // 3,000 an hour (the site's target of 5 checkouts a second for ten minutes, all from one address).
  checkout: { perIp: { max: 3000, windowMs: HOUR }, perUser: { max: 20, windowMs: DAY } },
  cancelOrder: { perIp: { max: 1000, windowMs: HOUR }, perUser: { max: 10, windowMs: DAY } },
  accountCheck: { perUser: { max: 20, windowMs: HOUR } },
  resendCooldownMs: 60_000,
  // 1,000 a second on average from one address: the search box sends at most about 13 a second per
  // student typing (its 150 ms debounce), so 75 students typing at once, every second of the 10.
  search: { perIp: { max: 10_000, windowMs: 10_000 } },
  // A brisk chat is a message every few seconds; 30 a minute stops a flood, not a conversation.
  messages: { perUser: { max: 30, windowMs: MIN } },
  // A student asking about a day's worth of listings; more looks like spam.
  conversations: { perUser: { max: 30, windowMs: DAY } },
  // A seller listing a term's stock adds a product a minute at most: 60 an hour per student. Per address
  // 3,000 an hour, the flood guard (50 sellers behind one address at a student's full pace).
  uploads: { perIp: { max: 3000, windowMs: HOUR }, perUser: { max: 60, windowMs: HOUR } },
  // A page with a broken policy reports each blocked thing once per load: 2,000 in 10 minutes is a few hundred pages.
  cspReports: { perIp: { max: 2000, windowMs: 10 * MIN } },
  // 1,000 a second on average from one address (a few thousand students browsing behind one NAT address;
  // a page asks for a dozen things): a flood guard in memory, not a security limit.
  everyRoute: { perIp: { max: 60_000, windowMs: MIN } },
};

/**
 * The limits with every per-address maximum (and challenge threshold) multiplied by `scale`
 * (RATE_LIMIT_SCALE): for the end-to-end journeys and benchmarks, which send a whole test run
 * from 127.0.0.1. Not for a campus: the defaults are sized for one already. Per-e-mail and
 * per-user limits (the lock-out among them) never scale.
 */
export function scaledPerAddress(limits: RateLimits, scale: number): RateLimits {
  if (scale === 1) return limits;
  const scaled = structuredClone(limits);
  for (const limit of Object.values(scaled) as unknown[]) {
    const part = limit as { perIp?: Limit; challengeAfter?: number } | null;
    if (part?.perIp) part.perIp.max = Math.round(part.perIp.max * scale);
    if (typeof part?.challengeAfter === 'number') part.challengeAfter = Math.round(part.challengeAfter * scale);
  }
  return scaled;
}

type NamesWith<K extends string> = {
  [N in keyof RateLimits]-?: RateLimits[N] extends Record<K, Limit> ? N : never;
}[keyof RateLimits];
/** Limits with a per-address part. */
export type IpLimitName = NamesWith<'perIp'>;
/**
 * The address a per-address counter of ours counts: IPv4 as it is, IPv6 by its /64 (a phone or a
 * household is given a whole /64, so stepping through it must not dodge a limit).
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = ip.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...front, ...new Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** The e-mail endpoints that ask for a proof of work past a threshold (accounts/proof-of-work.ts). */
export type ChallengedLimitName = 'register' | 'verify' | 'resend' | 'forgotPassword';
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
      app.decorate(
        'counters',
        redisWithDatabaseFallback(redis, databaseCounters(app.db), (to, error) =>
          to === 'database'
            ? app.log.error({ err: error }, 'Redis is away: the limits count in the database until it is back')
            : app.log.warn('Redis is back: the limits count in Redis again'),
        ),
      );
    } else {
      app.decorate('counters', databaseCounters(app.db));
    }
    const coarse = new MemoryWindows(limits.everyRoute.perIp);
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/uploads/')) return;
      const wait = coarse.hit(addressKey(request.ip), app.clock.now().getTime());
      if (wait !== null) throw tooManyRequests(reply, wait);
    });
    await app.register(rateLimit, {
      global: false,
      // Every per-address limit counts one way: an IPv6 home or phone network by its /64, like our own counters.
      keyGenerator: (request) => addressKey(request.ip),
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

/** Whether the request may carry photos (a multipart body): a JSON edit or a text message does not count as an upload. */
const carriesFiles = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

/**
 * The limits of every route that may carry photos (becoming a seller, store and product changes,
 * chat and dispute photos), multipart requests only: per signed-in user first (`uploads-user:<user id>`),
 * and one per-address flood guard shared by all of them (`ip:uploads:<address>`).
 */
export function uploadLimits(app: FastifyInstance): { config: { rateLimit: object }; preHandler: preHandlerAsyncHookHandler } {
  const { max, windowMs } = app.limits.uploads.perIp;
  const perUser = new Counter(app.counters, app.clock, 'uploads-user', app.limits.uploads.perUser);
  return {
    config: {
      rateLimit: { max, timeWindow: windowMs, groupId: 'uploads', allowList: (request: FastifyRequest) => !carriesFiles(request) },
    },
    preHandler: async (request, reply) => {
      if (!request.auth || !carriesFiles(request)) return;
      const wait = await perUser.hit(request.auth.user.id);
      if (wait !== null) throw tooManyRequests(reply, wait);
    },
  };
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
    const wait = await counter.hit(`${canonicalEmail(email, app.config.universityEmailRule)}|${addressKey(request.ip)}`);
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
