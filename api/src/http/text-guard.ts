/**
 * One rule for every text the API receives, so that no input gives a 500:
 * no NUL or other control character but newline, carriage return and tab
 * (PostgreSQL refuses NUL in text, and none of them belongs in a name, a
 * review or an address), and no field named after an object's prototype.
 * Checked on JSON bodies, query strings and path params before validation,
 * and on multipart fields as they are read, so no route can forget it.
 */
import { MESSAGES } from '@campus/shared/messages';
import { badRequest, type HttpError } from './errors';

// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);
export const isReservedFieldName = (name: string): boolean => RESERVED.has(name.replace(/\[\d*\]$/, ''));

/** The first problem in a parsed value (a field name for the message), or null. */
export function textProblem(value: unknown, path: string, depth = 0): HttpError | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? badRequest(MESSAGES.generic.controlCharacters(path)) : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  if (Buffer.isBuffer(value)) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    const here = path ? `${path}.${key}` : key;
    if (hasControlCharacters(key)) return badRequest(MESSAGES.generic.controlCharacters(path || 'A field name'));
    if (!Array.isArray(value) && isReservedFieldName(key)) return badRequest(MESSAGES.generic.reservedField(key));
    const problem = textProblem(inner, here, depth + 1);
    if (problem) return problem;
  }
  return null;
}
