/**
 * Small answer checks for code on a page's first-load path (the shell's badges,
 * the /marketplace route). They keep zod (about 24 KB gzip) off that path; other
 * screens, in their own chunks, parse with the shared zod schemas.
 */
export type Json = Record<string, unknown>;

export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`Unexpected answer from the API: ${what}`);
  }
}

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ data: X }` -> X; a bare X when `bare` allows it (spec: "read from data or a bare list"). */
export function unwrap(body: unknown, bare = false): unknown {
  if (isRecord(body) && 'data' in body) return body.data;
  if (bare) return body;
  throw new UnexpectedAnswerError('no data');
}

export function expectArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new UnexpectedAnswerError(`${what} is not a list`);
  return value;
}

export function expectString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new UnexpectedAnswerError(`${what} is not text`);
  return value;
}

export function expectNumber(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new UnexpectedAnswerError(`${what} is not a number`);
  return value;
}
