/**
 * A cost instead of a refusal: past a threshold of requests from one address (a campus behind
 * one NAT address, or one machine making accounts), sign-up, verification, resend and
 * forgot-password each need a solved proof-of-work challenge, ALTCHA's format (altcha-lib):
 *
 * 1. the request without one is answered 428 with `MESSAGES.generic.challengeRequired`;
 * 2. the browser asks `GET /auth/challenge` for a challenge signed with the server's HMAC key
 *    (expiring with the app's clock), finds the number (about a second of SHA-256 hashing);
 * 3. and sends the request again with `altcha`: the solution, base64 JSON
 *    `{ algorithm, challenge, number, salt, signature }` (what ALTCHA's widget sends too).
 *
 * A solution is refused (428, `challengeFailed`) when it does not verify against the key, has
 * expired, or was used before: each one is remembered in the counter store until it expires
 * (`pow-used:<signature>`, one atomic hit, so two requests racing with one solution get one yes).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { MESSAGES } from '@campus/shared/messages';
import { proofOfWorkSolutionSchema, type ProofOfWorkChallenge, type ProofOfWorkSolution } from '@campus/shared/schemas';
import { appSecret } from '../db/app-secrets-repository';
import { HttpError } from '../http/errors';
import { secondsUntil } from '../limits/counters';
import { addressKey, tooManyRequests, type ChallengedLimitName } from '../plugins/rate-limits';

/** Outside production without CHALLENGE_HMAC_KEY: a fixed key, so a challenge outlives a restart of the development API. */
const DEVELOPMENT_CHALLENGE_KEY = 'campus-marketplace-development-proof-of-work-key';
const ALGORITHM = 'SHA-256' satisfies ProofOfWorkChallenge['algorithm'];

export type SolutionCheck = 'accepted' | 'missing' | 'invalid' | 'expired' | 'reused';

export class ProofOfWork {
  private key: Promise<string> | null = null;

  constructor(private readonly app: FastifyInstance) {}

  private hmacKey(): Promise<string> {
    const { config } = this.app;
    if (config.challengeHmacKey) return Promise.resolve(config.challengeHmacKey);
    if (config.nodeEnv !== 'production') return Promise.resolve(DEVELOPMENT_CHALLENGE_KEY);
    this.key ??= appSecret(this.app.db, 'proof-of-work-key', this.app.clock.now());
    return this.key;
  }

  /** A new challenge, valid for `proofOfWork.expiresMs` by the app's clock. */
  async challenge(): Promise<ProofOfWorkChallenge> {
    const { maxNumber, expiresMs } = this.app.limits.proofOfWork;
    const expires = new Date(this.app.clock.now().getTime() + expiresMs);
    const made = await createChallenge({ algorithm: ALGORITHM, hmacKey: await this.hmacKey(), maxNumber, expires });
    return {
      algorithm: ALGORITHM,
      challenge: made.challenge,
      maxnumber: made.maxnumber ?? maxNumber,
      salt: made.salt,
      signature: made.signature,
    };
  }

  /** Checks a solution and, when it is good, uses it up. */
  async check(solution: string | undefined): Promise<SolutionCheck> {
    if (!solution) return 'missing';
    const payload = decode(solution);
    if (!payload) return 'invalid';
    // The expiry is checked here against the app's clock (altcha-lib would read Date.now()).
    if (!(await verifySolution(payload, await this.hmacKey(), false))) return 'invalid';
    const expiresAt = Number(extractParams(payload).expires) * 1000;
    const now = this.app.clock.now();
    if (!Number.isFinite(expiresAt) || expiresAt <= now.getTime()) return 'expired';
    const use = await this.app.counters.hit(`pow-used:${payload.signature}`, expiresAt - now.getTime(), now);
    return use.hits === 1 ? 'accepted' : 'reused';
  }
}

/** The solution's JSON, when it is one: SHA-256 only (the HMAC and the hash both follow `algorithm`). */
function decode(solution: string): ProofOfWorkSolution | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(solution, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = proofOfWorkSolutionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * preHandler of sign-up, verification, resend and forgot-password (after validation, before the
 * per-e-mail limit), counting every request from the address in the limit's per-address window
 * (`ip:<limit>:<address>`, one atomic hit): past `perIp.max` a 429; past `challengeAfter` the request
 * must carry a solved challenge in `altcha` (428 otherwise).
 */
export function addressGate(app: FastifyInstance, proofOfWork: ProofOfWork, name: ChallengedLimitName): preHandlerAsyncHookHandler {
  const { perIp, challengeAfter } = app.limits[name];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = app.clock.now();
    const state = await app.counters.hit(`ip:${name}:${addressKey(request.ip)}`, perIp.windowMs, now);
    if (state.hits > perIp.max) throw tooManyRequests(reply, secondsUntil(state.resetAt, now));
    if (state.hits <= challengeAfter) return;
    const solution = (request.body as { altcha?: unknown } | undefined)?.altcha;
    const result = await proofOfWork.check(typeof solution === 'string' ? solution : undefined);
    if (result === 'accepted') return;
    throw new HttpError(428, result === 'missing' ? MESSAGES.generic.challengeRequired : MESSAGES.generic.challengeFailed);
  };
}
