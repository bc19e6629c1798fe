/** Checks multipart text fields with a shared zod schema; the first problem becomes the 400 message. */
import type { z } from 'zod';
import { badRequest } from '../lib/http-errors';

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
