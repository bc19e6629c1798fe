/**
 * Passwords: scrypt (memory-hard, built into Node). Tokens: 256 random bits,
 * stored as SHA-256 (a fast hash is enough for high-entropy secrets).
 * Verification codes: 6 digits have little entropy, so they get a salted scrypt.
 */
import { createHash, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

export type Params = { N: number; r: number; p: number };

/**
 * OWASP's scrypt minimum in its 32 MiB form (N=2^15, r=8, p=3 is listed as
 * equivalent to N=2^17, r=8, p=1): about 330 ms here, a quarter of the memory,
 * so a burst of sign-ins does not exhaust a small server.
 */
export const PASSWORD_PARAMS: Params = { N: 1 << 15, r: 8, p: 3 };
/** For NODE_ENV=test only (config.ts): thousands of test sign-ups cannot each cost a third of a second. */
export const TEST_PASSWORD_PARAMS: Params = { N: 1 << 12, r: 8, p: 1 };
const CODE_PARAMS: Params = { N: 1 << 12, r: 8, p: 1 };
const KEY_LENGTH = 32;

async function hashSecret(secret: string, params: Params): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, KEY_LENGTH, { ...params, maxmem: 128 * params.N * params.r * 2 });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(secret, Buffer.from(salt, 'base64'), expected.length, {
    ...params,
    maxmem: 128 * params.N * params.r * 2,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export const hashPassword = (password: string, params: Params) => hashSecret(password, params);
export const verifyPassword = verifySecret;

/** A stored hash made with less work than `params` asks for now: rehashed at the next successful sign-in. */
export function needsRehash(stored: string, params: Params): boolean {
  const [scheme, n, r, p] = stored.split('$');
  if (scheme !== 'scrypt') return true;
  return Number(n) * Number(r) * Number(p) < params.N * params.r * params.p;
}

export const hashCode = (code: string) => hashSecret(code, CODE_PARAMS);
export const verifyCode = verifySecret;

/** A dummy hash so an unknown e-mail costs the same time as a wrong password (one per cost). */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(params: Params): Promise<string> {
  const key = `${params.N}/${params.r}/${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), params);
    dummyHashes.set(key, hash);
  }
  return hash;
}

/** The same for a verification code: a missing account's "wrong code" costs what a real one's does. */
export const dummyCodeHash = (): Promise<string> => dummyPasswordHash(CODE_PARAMS);

/** 256-bit random token, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
