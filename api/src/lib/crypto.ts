/**
 * Passwords: scrypt (memory-hard, built into Node). Tokens: 256 random bits,
 * stored as SHA-256 (a fast hash is enough for high-entropy secrets).
 * Verification codes: 6 digits have little entropy, so they get a salted scrypt.
 */
import { createHash, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// N=2^15, r=8: 32 MiB per hash, about 60-100 ms here (OWASP's scrypt minimum is N=2^17 with r=8 p=1
// or equivalent; this pairs a lighter N with per-address rate limits).
const PASSWORD_PARAMS = { N: 1 << 15, r: 8, p: 1 } as const;
const CODE_PARAMS = { N: 1 << 12, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

type Params = { N: number; r: number; p: number };

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

export const hashPassword = (password: string) => hashSecret(password, PASSWORD_PARAMS);
export const verifyPassword = verifySecret;

export const hashCode = (code: string) => hashSecret(code, CODE_PARAMS);
export const verifyCode = verifySecret;

/** A dummy hash so an unknown e-mail costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

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
