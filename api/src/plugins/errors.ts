/**
 * One error shape for every failure: { statusCode, error, message }.
 * Validation errors say what is wrong in words a student understands (the
 * first problem, using the shared schema's message); 5xx never leak internals.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '@campus/shared/messages';
import { databaseErrorCode, isDatabaseUnavailable } from '../db/errors';
import { HttpError } from '../http/errors';
import { DomainError, type DomainErrorKind } from '../lib/domain-errors';

function fieldName(instancePath: string): string {
  const field = instancePath.split('/').filter(Boolean).join('.');
  return field || 'request';
}

/** The value at a validation issue's path ("/items/0/quantity") inside the request part. */
function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Zod's default texts name types, not fields; rewrite the common ones.
 * `input` is the request part that failed (the body, ...): "is required" only
 * when the value is really missing there.
 */
export function readableValidationMessage(issue: ZodFastifySchemaValidationError, part: string, input?: unknown): string {
  const field = fieldName(issue.instancePath);
  const params = issue.params as { expected?: unknown };
  if (issue.keyword === 'invalid_type') {
    if (field === 'request') return `The request ${part} is missing or malformed`;
    if (valueAt(input, issue.instancePath) === undefined) return `${field} is required`;
    // A schema's own text ("Quantity must be a whole number") beats the generic one.
    if (issue.message && !issue.message.startsWith('Invalid input')) return issue.message;
    return `${field} must be a ${String(params.expected)}`;
  }
  const message = issue.message ?? 'is invalid';
  if (issue.keyword === 'unrecognized_keys') return message;
  if (/^(Too (small|big)|Invalid)/.test(message)) return `${field}: ${message}`;
  return message;
}

/**
 * PostgreSQL (and PGlite) refusing a value as malformed: SQLSTATE class 22
 * (data exception: out of range, not valid text, too long) and 54000 (a value
 * too large for an index). The request's fault, so a 400.
 */
export function isDatabaseInputError(error: unknown): boolean {
  return /^(22[0-9A-Z]{3}|54000)$/.test(databaseErrorCode(error) ?? '');
}

/** The one place a domain's refusal becomes an HTTP status. */
export const STATUS_OF_DOMAIN_ERROR: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'provider-down': 502,
  unavailable: 503,
};

/** Seconds a client is asked to wait when the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_S = 5;

const body = (statusCode: number, message: string) => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
});

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
      if (error instanceof DomainError) {
        const status = STATUS_OF_DOMAIN_ERROR[error.kind];
        // A part we depend on is away: the student gets the domain's text, the logs what happened.
        if (status >= 500) request.log.warn({ err: error }, 'a service the request needs is unavailable');
        return reply.status(status).send(body(status, error.message));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const part = error.validationContext ?? 'body';
        const input =
          part === 'querystring' ? request.query : part === 'params' ? request.params : part === 'headers' ? request.headers : request.body;
        const message = first ? readableValidationMessage(first, part, input) : MESSAGES.register.invalid;
        return reply.status(400).send(body(400, message));
      }
      if (isDatabaseInputError(error)) {
        request.log.warn({ err: error }, 'the database refused a value');
        return reply.status(400).send(body(400, MESSAGES.generic.unstorableValue));
      }
      // An HttpError says what it means itself (a 503 for photos keeps its text, whatever its cause).
      if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'the database could not be reached');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
        return reply.status(503).send(body(503, MESSAGES.generic.internal));
      }
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      // Deliberate HttpErrors (e.g. 503 from health) carry a safe message; anything else stays private.
      if (status >= 500 && !(error instanceof HttpError)) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send(body(status, MESSAGES.generic.internal));
      }
      if (status === 429) {
        // Keep any Retry-After header the limiter set.
        return reply.status(429).send(body(429, error.message || MESSAGES.generic.tooManyRequests));
      }
      return reply.status(status).send(body(status, error.message));
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(body(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
    });

    // Echo the request id so a student's report can be matched to the logs.
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'errors' },
);
