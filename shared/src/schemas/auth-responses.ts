/** What the account endpoints answer inside the `{ data, message? }` envelope. */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { userSchema } from './entities';

/**
 * A session's tokens: `token` is the short-lived bearer (access) token, `refreshToken` the one-use
 * token that trades for the next pair at POST /auth/refresh.
 */
export const sessionTokensSchema = lazySchema(() => z.object({ token: z.string(), refreshToken: z.string() }));
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

/** POST /auth/login → `{ data: { token, refreshToken, user } }`. */
export const loginResultSchema = lazySchema(() =>
  z.object({
    token: z.string(),
    refreshToken: z.string(),
    user: userSchema,
    /** Kept by the browser per e-mail and sent with the next sign-in (a device that signed in before passes a lock-out). */
    deviceToken: z.string().optional(),
  }),
);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /auth/register → `{ data: { user } }` (no token: the e-mail must be verified first). */
export const registerResultSchema = lazySchema(() => z.object({ user: userSchema }));
export type RegisterResult = z.infer<typeof registerResultSchema>;

/**
 * GET /auth/challenge → a proof-of-work challenge (ALTCHA's format): find `number` in 0..maxnumber
 * with SHA-256(salt + number) = challenge, then send `{ algorithm, challenge, number, salt, signature }`
 * as base64 JSON in the request's `altcha` field.
 */
export const proofOfWorkChallengeSchema = lazySchema(() =>
  z.object({
    algorithm: z.literal('SHA-256'),
    challenge: z.string(),
    maxnumber: z.number().int(),
    salt: z.string(),
    signature: z.string(),
  }),
);
export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallengeSchema>;

/**
 * The `altcha` field decoded (base64 JSON): the challenge with the `number` found. The browser
 * builds it, the API reads it with this schema.
 */
export const proofOfWorkSolutionSchema = lazySchema(() =>
  z.object({
    algorithm: z.literal('SHA-256'),
    challenge: z.string(),
    number: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    salt: z.string(),
    signature: z.string(),
  }),
);
export type ProofOfWorkSolution = z.infer<typeof proofOfWorkSolutionSchema>;
