/**
 * Rate limits for the account endpoints: per client address (route config)
 * and per e-mail (a preHandler, after validation has normalised the address).
 * Over the limit the answer is 429 with the shared message and Retry-After.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@campus/shared/messages';
import { HttpError } from '../lib/http-errors';

export interface Limit {
  max: number;
  windowMs: number;
}
export interface LimitPair {
  perIp: Limit;
  perEmail: Limit;
}
export interface RateLimits {
  login: LimitPair;
  register: LimitPair;
  verify: LimitPair;
  resend: LimitPair;
  forgotPassword: LimitPair;
  /** Minimum time between two verification codes for one account. */
  resendCooldownMs: number;
}

const MIN = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { perIp: { max: 30, windowMs: 15 * MIN }, perEmail: { max: 10, windowMs: 15 * MIN } },
  register: { perIp: { max: 20, windowMs: 60 * MIN }, perEmail: { max: 5, windowMs: 60 * MIN } },
  verify: { perIp: { max: 30, windowMs: 15 * MIN }, perEmail: { max: 10, windowMs: 15 * MIN } },
  resend: { perIp: { max: 20, windowMs: 60 * MIN }, perEmail: { max: 5, windowMs: 60 * MIN } },
  forgotPassword: { perIp: { max: 20, windowMs: 60 * MIN }, perEmail: { max: 5, windowMs: 60 * MIN } },
  resendCooldownMs: 60_000,
};

export type RateLimitName = Exclude<keyof RateLimits, 'resendCooldownMs'>;

export default fp<{ limits: RateLimits }>(
  async (app, { limits }) => {
    app.decorate('limits', limits);
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new HttpError(429, MESSAGES.generic.tooManyRequests),
    });
  },
  { name: 'rate-limits' },
);

/** Route config for the per-address limit: `config: ipLimit(app, 'login')`. */
export function ipLimit(app: FastifyInstance, name: RateLimitName) {
  const { max, windowMs } = app.limits[name].perIp;
  return { rateLimit: { max, timeWindow: windowMs } };
}

/**
 * preHandler for the per-e-mail limit (the body has been validated by then).
 * A small fixed-window counter of our own: @fastify/rate-limit runs at most
 * one of its limiters per request, and the per-address one already ran.
 */
export function emailLimit(app: FastifyInstance, name: RateLimitName): preHandlerAsyncHookHandler {
  const { max, windowMs } = app.limits[name].perEmail;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return async (request: FastifyRequest, reply) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return;
    const now = Date.now();
    if (now >= nextSweep) {
      // Forget finished windows so the map stays small.
      for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
      nextSweep = now + windowMs;
    }
    let current = windows.get(email);
    if (!current || current.resetAt <= now) {
      current = { count: 0, resetAt: now + windowMs };
      windows.set(email, current);
    }
    current.count += 1;
    if (current.count > max) {
      reply.header('retry-after', String(Math.ceil((current.resetAt - now) / 1000)));
      throw new HttpError(429, MESSAGES.generic.tooManyRequests);
    }
  };
}
