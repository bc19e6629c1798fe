/**
 * Paystack signs each webhook with `x-paystack-signature`: the hex HMAC-SHA512
 * of the raw request body keyed with the secret key. Checked in constant time
 * over the raw bytes (re-serialised JSON would not match), before anything is
 * parsed or stored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signPaystackBody(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export function isPaystackSignatureValid(secretKey: string, rawBody: Buffer | string, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signPaystackBody(secretKey, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
