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

/**
 * SQLSTATE class 08's connection failures (not 08P01, a protocol violation: ours) and 57P01-57P03:
 * the server shutting down, crashed, or starting up.
 */
const UNAVAILABLE_SQLSTATE = /^(0800[0-46]|57P0[123])$/;
/** node-postgres's own words for a connection it lost or could not make (these carry no SQLSTATE). */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;
const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * The database could not be reached or dropped the connection (a restart, a fail-over): the
 * request was not refused, it could not be served now, so a 503 to try again, not a 500.
 * A refused connection to another service the request needed reads the same, and is a 503 too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // An error that already says it is the request's (a 4xx: a body the client stopped sending is
  // Fastify's 400 with an ECONNRESET inside) stays the request's.
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode < 500) return false;
  if (UNAVAILABLE_SQLSTATE.test(databaseErrorCode(error) ?? '')) return true;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if ((typeof message === 'string' && LOST_CONNECTION.test(message)) || (typeof code === 'string' && REFUSED.has(code))) return true;
  }
  return false;
}
