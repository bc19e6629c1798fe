/** Checks multipart text fields with a shared zod schema; the first problem becomes the 400 message. */
import type { z } from 'zod';
import { MESSAGES } from '@campus/shared/messages';
import { badRequest } from './errors';

/**
 * A JSON request body as fields: none is an empty object; anything but an
 * object ("x", 7, [..]) is refused with 400 before a route looks inside it.
 */
export function jsonFields(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(MESSAGES.validation.bodyNotObject);
  return body as Record<string, unknown>;
}

export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>, fallback: string): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw badRequest(fallback);
  const field = issue.path.join('.');
  // Zod's own texts name types, not fields: say which field is missing.
  const message = issue.code === 'invalid_type' && field ? `${field} is required` : issue.message;
  throw badRequest(message || fallback);
}
