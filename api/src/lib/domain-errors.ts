/**
 * Errors a domain rule raises on purpose: what went wrong in the domain's words
 * (not found, not yours, not now, bad input), with the user-facing message from
 * shared/src/messages/. Domains know nothing of HTTP; the errors plugin
 * (plugins/errors.ts) maps each kind to its status code.
 */
export type DomainErrorKind =
  /** The input is wrong (400). */
  | 'invalid'
  /** The caller is not who they claim (401). */
  | 'unauthenticated'
  /** The caller may not do this to this thing (403). */
  | 'forbidden'
  /** No such thing (404). */
  | 'not-found'
  /** Not in this state (409). */
  | 'conflict'
  /** A provider (Paystack) did not answer usefully (502). */
  | 'provider-down'
  /** A check this needs cannot be made now; try again later (503). */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    public readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const providerDown = (message: string) => new DomainError('provider-down', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);
