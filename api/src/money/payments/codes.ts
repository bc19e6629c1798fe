/**
 * The codes an order carries (spec sections 1, 3):
 * - the 6-digit completion code the buyer gives the seller on collection.
 *   Looked up by an HMAC of (store, code) under a server secret, so a code
 *   entered by a seller is matched against that store's open orders only and
 *   never stored in the clear; the buyer's copy (shown on their orders while
 *   open) is kept encrypted with AES-256-GCM under the same secret.
 * - orderCode: short, readable aloud (Crockford base32, no I/L/O/U).
 * - settlementCode: the payout's transfer reference.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { COMPLETION_CODE_LENGTH } from '@campus/shared/constants';

const READABLE = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function generateCompletionCode(): string {
  return String(randomInt(0, 10 ** COMPLETION_CODE_LENGTH)).padStart(COMPLETION_CODE_LENGTH, '0');
}

function readable(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += READABLE[randomInt(0, READABLE.length)];
  return out;
}

/** "CM-7KQ4-XR2D": 40 random bits, easy to read out over the phone. */
export function generateOrderCode(): string {
  return `CM-${readable(4)}-${readable(4)}`;
}

/** A payout's transfer reference (Paystack accepts lowercase letters, digits, - and _). */
export function generateSettlementCode(): string {
  return `stl_${randomBytes(12).toString('hex')}`;
}

/** A payout's transfer reference, new for every payout: lowercase letters, digits and `_`, as Paystack allows. */
export function generatePayoutReference(): string {
  return `po_${randomBytes(12).toString('hex')}`;
}

/** Separate keys for lookup and encryption, derived from the one server secret. */
function deriveKey(secret: string, purpose: 'completion-lookup' | 'completion-encrypt'): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'campus-marketplace', purpose, 32));
}

/** What the database keeps to find an order by the code a seller enters (unique among a store's open orders). */
export function completionLookup(secret: string, sellerId: string, code: string): string {
  return createHmac('sha256', deriveKey(secret, 'completion-lookup')).update(`${sellerId}:${code}`).digest('hex');
}

/** The buyer's copy: iv.tag.ciphertext, base64url, bound to the order id. */
export function encryptCompletionCode(secret: string, orderId: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, 'completion-encrypt'), iv);
  cipher.setAAD(Buffer.from(orderId));
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function decryptCompletionCode(secret: string, orderId: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Malformed sealed completion code');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, 'completion-encrypt'), iv);
  decipher.setAAD(Buffer.from(orderId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
