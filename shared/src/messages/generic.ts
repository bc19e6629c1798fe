export const generic = {
  unauthorized: 'Authentication required. Please log in again.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again later.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  /**
   * 428 from sign-up, verification, resend and forgot-password when many requests came from one
   * address: the request must carry a solved proof-of-work challenge (GET /auth/challenge). The
   * auth screens solve it on their own; this is what another client reads.
   */
  challengeRequired: 'Many requests come from your network. Your browser needs to finish a quick check first; please try again.',
  /** 428: the solution sent was wrong, had expired or had been used before. */
  challengeFailed: 'The browser check did not pass or has expired. Please try again.',
  databaseUnreachable: 'The database is not reachable.',
  /** A text with NUL or another control character (only newline, carriage return and tab are text). */
  controlCharacters: (field: string) => `${field} must not contain control characters`,
  /** A field name that would reach an object's prototype (__proto__, constructor, prototype). */
  reservedField: (field: string) => `Unexpected field ${field}`,
  /** A value the database refused as malformed (out of range, not valid text). */
  unstorableValue: 'A value in the request is not valid.',
  /** POST /csp-reports with a body that is no violation report. */
  invalidCspReport: 'Send a Content-Security-Policy violation report.',
} as const;
