/**
 * PostgreSQL's SQLSTATE of an error from either driver (node-postgres or
 * PGlite), found down drizzle's `cause` chain (it wraps the driver's error).
 */
export function databaseErrorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
