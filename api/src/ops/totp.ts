/**
 * The operator's second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 seconds,
 * what every authenticator app reads) through `otpauth`, its QR code through
 * `qrcode`, and one-use recovery codes (only their SHA-256 hashes are stored).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

function totp(secretBase32: string, label = 'operator', issuer = 'Campus Marketplace'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app scans, and it as a PNG data URL. */
export async function enrolmentOf(secretBase32: string, label: string, issuer: string): Promise<{ otpauthUrl: string; qrDataUrl: string }> {
  const otpauthUrl = totp(secretBase32, label, issuer).toString();
  return { otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) };
}

/** The time step the code belongs to (one step of drift either way allowed), or null when it is wrong. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The current code (tests and the e2e journey compute it from the enrolment secret). */
export function currentCode(secretBase32: string, now: Date): string {
  return totp(secretBase32).generate({ timestamp: now.getTime() });
}

/** "k3f9q-x7m2p": 50 bits each, typed with or without the dash, any case. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function normaliseRecoveryCode(code: string): string {
  const bare = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}

const SEALED_PREFIX = 'v1.';

function sealingKey(key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, 'campus-marketplace', 'operator-totp', 32));
}

/** The secret as the database keeps it: AES-256-GCM, bound to the operator (`v1.iv.tag.body`, base64url). */
export function sealTotpSecret(key: string, userId: string, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key), iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The secret back; a value stored before secrets were sealed is read as it is. A wrong key or a moved row throws. */
export function openTotpSecret(key: string, userId: string, stored: string): string {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  const [iv, tag, body] = stored
    .slice(SEALED_PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Malformed sealed TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(key), iv);
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
